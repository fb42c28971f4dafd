import { describe, expect, it } from 'vitest';
import { SecretBuffer } from './secret-buffer';

const typed = (text: string, capacity = 32) => {
  const buffer = new SecretBuffer(capacity);
  buffer.edit('insertText', text, 0, 0);
  return buffer;
};

describe('SecretBuffer', () => {
  it('inserts at the caret and replaces a selection', () => {
    const buffer = typed('abcd');
    expect(buffer.edit('insertText', 'XY', 2, 2)).toEqual({ changed: true, caret: 4 });
    expect(buffer.reveal()).toBe('abXYcd');
    expect(buffer.edit('insertText', 'z', 1, 5)).toEqual({ changed: true, caret: 2 });
    expect(buffer.reveal()).toBe('azd');
  });

  it('refuses anything but printable ASCII, whole', () => {
    const buffer = typed('ab');
    for (const text of ['中', 'é', '\t', 'a\u0000', '😀']) {
      expect(buffer.edit('insertText', text, 2, 2)).toEqual({ changed: false, reason: 'not-printable' });
    }
    expect(buffer.edit('insertText', ' ~', 2, 2)).toEqual({ changed: true, caret: 4 });
    expect(buffer.reveal()).toBe('ab ~');
  });

  it('stops at its capacity, counting the replaced selection', () => {
    const buffer = typed('abcd', 5);
    expect(buffer.edit('insertText', 'ef', 4, 4)).toEqual({ changed: false, reason: 'too-long' });
    expect(buffer.edit('insertText', 'ef', 3, 4)).toEqual({ changed: true, caret: 5 });
    expect(buffer.reveal()).toBe('abcef');
  });

  it('deletes backward and forward, by character, by selection and to either end', () => {
    const buffer = typed('abcdef');
    expect(buffer.edit('deleteContentBackward', null, 3, 3)).toEqual({ changed: true, caret: 2 });
    expect(buffer.reveal()).toBe('abdef');
    expect(buffer.edit('deleteContentForward', null, 0, 0)).toEqual({ changed: true, caret: 0 });
    expect(buffer.reveal()).toBe('bdef');
    expect(buffer.edit('deleteContentBackward', null, 1, 3)).toEqual({ changed: true, caret: 1 });
    expect(buffer.reveal()).toBe('bf');
    expect(buffer.edit('deleteContentBackward', null, 0, 0)).toEqual({ changed: false, reason: 'not-allowed' });
    buffer.edit('insertText', 'xyz', 1, 1);
    expect(buffer.edit('deleteWordBackward', null, 2, 2)).toEqual({ changed: true, caret: 0 });
    expect(buffer.reveal()).toBe('yzf');
    expect(buffer.edit('deleteSoftLineForward', null, 1, 1)).toEqual({ changed: true, caret: 1 });
    expect(buffer.reveal()).toBe('y');
  });

  it('takes no paste, drop, cut, undo or composition', () => {
    const buffer = typed('abc');
    for (const type of ['insertFromPaste', 'insertFromDrop', 'deleteByCut', 'historyUndo', 'insertCompositionText', 'insertLineBreak']) {
      expect(buffer.edit(type, 'x', 0, 3)).toEqual({ changed: false, reason: 'not-allowed' });
    }
    expect(buffer.reveal()).toBe('abc');
  });

  it('leaves no byte behind: after edits past the length and after a wipe', () => {
    const buffer = typed('secret12');
    buffer.edit('deleteContentBackward', null, 2, 8);
    const whole = new Uint8Array(buffer.view().buffer);
    expect([...whole.subarray(2)].every((b) => b === 0)).toBe(true);
    buffer.wipe();
    expect(buffer.length).toBe(0);
    expect([...whole].every((b) => b === 0)).toBe(true);
  });

  it('compares two buffers by content', () => {
    expect(typed('Abc12345').equals(typed('Abc12345'))).toBe(true);
    expect(typed('Abc12345').equals(typed('Abc12346'))).toBe(false);
    expect(typed('Abc1234').equals(typed('Abc12345'))).toBe(false);
  });
});
