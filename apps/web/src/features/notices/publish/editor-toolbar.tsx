import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMessage } from '../../../lib/countdown-message';
import styles from '../notices.module.css';

/** Runs one of the browser's editing commands on the editing area. */
export type EditCommand = (name: string, arg?: string) => void;

/** A toolbar button that keeps the editing area's selection (mouse down would move focus away). */
function Tool({ title, icon, onRun }: { title: string; icon: ReactNode; onRun: () => void }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={onRun} />
    </Tooltip>
  );
}

/** 插入链接: an http(s) address typed in a popover, made a link over the selection kept from before it opened. */
function LinkTool({ area, command }: { area: RefObject<HTMLDivElement | null>; command: EditCommand }) {
  const message = useMessage();
  const [link, setLink] = useState('https://');
  const [open, setOpen] = useState(false);
  const saved = useRef<Range | null>(null);

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
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
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
  );
}

/** The editor's toolbar: headings and paragraphs, bold, italic, underline, lists and links. */
export function EditorToolbar({ area, command }: { area: RefObject<HTMLDivElement | null>; command: EditCommand }) {
  return (
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
        <LinkTool area={area} command={command} />
      </Space>
    </div>
  );
}
