import { describe, expect, it } from 'vitest';
import { checkEndpointInput, lastResponse, messageStatus, prettyJson } from './webhookFormat';

describe('webhook display helpers', () => {
  it('labels message statuses', () => {
    expect(messageStatus('succeeded')).toEqual({ label: 'Delivered', palette: 'green' });
    expect(messageStatus('pending').label).toBe('Pending');
    expect(messageStatus('failed').palette).toBe('red');
  });

  it('summarises the last answer', () => {
    expect(lastResponse(204, 35)).toBe('204 · 35 ms');
    expect(lastResponse(null, 10000)).toBe('No answer · 10000 ms');
    expect(lastResponse(null, null)).toBe('—');
  });

  it('indents JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
    expect(prettyJson(null)).toBe('');
  });

  it('checks the form', () => {
    expect(checkEndpointInput({ url: ' ', events: [] })).toEqual({
      url: 'Enter the URL that receives the webhooks',
      events: 'Choose at least one event',
    });
    expect(checkEndpointInput({ url: 'example.com', events: ['order.paid'] }).url).toMatch(/https:\/\//);
    expect(checkEndpointInput({ url: 'https://example.com/hooks', events: ['order.paid'] })).toEqual({});
  });
});
