import { useEffect, useRef, type ClipboardEvent } from 'react';
import { useMessage } from '../../../lib/countdown-message';
import styles from '../notices.module.css';
import { EditorToolbar } from './editor-toolbar';

const IMAGE_MAX_BYTES = 1_048_576;

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
}

/**
 * A small editor for notice bodies: paragraphs, headings, bold, italic, underline, lists, links
 * and pasted pictures (kept inside the body as data URLs, ≤ 1 MB each). It edits the browser's
 * own HTML; whatever it produces, the server keeps only the markup it allows.
 */
export function RichTextEditor({ value = '', onChange, label }: Props) {
  const message = useMessage();
  const area = useRef<HTMLDivElement>(null);

  // Written into the area only when it differs, so typing never moves the caret.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const command = (name: string, arg?: string) => {
    area.current?.focus();
    // execCommand is deprecated but remains the one editing primitive every browser implements.
    document.execCommand(name, false, arg);
    emit();
  };

  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = [...event.clipboardData.files].find((f) => /^image\/(png|jpeg|gif|webp)$/.test(f.type));
    if (!file) return;
    event.preventDefault();
    if (file.size > IMAGE_MAX_BYTES) {
      message.warning('粘贴的图片不能超过1MB');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => command('insertImage', String(reader.result));
    reader.readAsDataURL(file);
  };

  return (
    <div>
      <EditorToolbar area={area} command={command} />
      <div
        ref={area}
        className={styles.editor}
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onBlur={emit}
        onPaste={paste}
        suppressContentEditableWarning
      />
    </div>
  );
}
