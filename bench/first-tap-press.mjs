// How the first-tap bench's visitor presses a button: once it is there, after a moment of reading
// (or a scroll `scrollBeforeMs` before), a tap on a touch screen, else a click.

/** Waits for `button`, reads (or scrolls) as the scenario says, then presses it once. */
export async function pressAfterReading(page, button, scenario) {
  await button.waitFor();
  if (scenario.scrollBeforeMs) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(scenario.scrollBeforeMs);
  } else {
    await page.waitForTimeout(500); // a moment of reading
  }
  if (scenario.touch) await button.tap({ timeout: 10_000 });
  else await button.click({ timeout: 10_000 });
}
