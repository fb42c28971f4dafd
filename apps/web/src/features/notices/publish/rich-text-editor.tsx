import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import styles from '../notices.module.css';
import { useMessage } from '../../../lib/countdown-message';

const IMAGE_MAX_BYTES = 1_048_576;

/** A toolbar button that keeps the editing area's selection (mouse down would move focus away). */
function Tool({ title, icon, onRun }: { title: string; icon: ReactNode; onRun: () => void }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={onRun} />
    </Tooltip>
  );
}

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
  const [link, setLink] = useState('https://');
  const [linkOpen, setLinkOpen] = useState(false);
  const saved = useRef<Range | null>(null);

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

  const keepSelection = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  };
  const insertLink = () => {
    if (!/^https?:\/\/\S+$/.test(link)) {
      message.warning('请输入以http://或https://开头的链接地址');
      return;
    }
    area.current?.focus();
    if (saved.current) {
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(saved.current);
    }
    command('createLink', link);
    setLinkOpen(false);
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
      <div className={styles.toolbar}>
        <Space size={2} wrap>
          <Button type="text" size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => command('formatBlock', 'h3')}>
            标题
          </Button>
          <Button type="text" size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => command('formatBlock', 'p')}>
            正文
          </Button>
          <Tool title="加粗" icon={<BoldOutlined />} onRun={() => command('bold')} />
          <Tool title="斜体" icon={<ItalicOutlined />} onRun={() => command('italic')} />
          <Tool title="下划线" icon={<UnderlineOutlined />} onRun={() => command('underline')} />
          <Tool title="编号列表" icon={<OrderedListOutlined />} onRun={() => command('insertOrderedList')} />
          <Tool title="项目符号列表" icon={<UnorderedListOutlined />} onRun={() => command('insertUnorderedList')} />
          <Popover
            open={linkOpen}
            onOpenChange={setLinkOpen}
            trigger="click"
            content={
              <Space.Compact>
                <Input value={link} onChange={(e) => setLink(e.target.value)} style={{ width: 260 }} aria-label="链接地址" onPressEnter={insertLink} />
                <Button type="primary" onClick={insertLink}>
                  插入
                </Button>
              </Space.Compact>
            }
          >
            <Tooltip title="插入链接">
              <Button type="text" size="small" icon={<LinkOutlined />} aria-label="插入链接" onMouseDown={(e) => { e.preventDefault(); keepSelection(); }} />
            </Tooltip>
          </Popover>
        </Space>
      </div>
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
