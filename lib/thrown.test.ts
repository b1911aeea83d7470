import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from './thrown';

describe('errorMessage', () => {
  it('reads the message of an Error or error-like object, else the text of the value', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'plain' })).toBe('plain');
    expect(errorMessage('text')).toBe('text');
    expect(errorMessage(null)).toBe('null');
  });
});

describe('errorCode', () => {
  it('reads a string code and nothing else', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('ENOENT');
    expect(errorCode({ code: -32000 })).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});
