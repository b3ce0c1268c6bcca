import { Link } from '@chakra-ui/react';

/**
 * "Skip to content": the first thing Tab reaches on every page, hidden until it has the focus, and
 * moves the focus past the header and navigation to the page's `<main id="main">` (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <Link
      href="#main"
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      borderWidth="2px"
      borderColor="brand.solid"
      rounded="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.focusRing' }}
      onClick={(event) => {
        // Move the focus too (not only the scroll position), so the next Tab starts in the page.
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to content
    </Link>
  );
}
