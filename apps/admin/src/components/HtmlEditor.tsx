import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A rich-text editor of merchant HTML (Mantine tiptap; pages' bodies, the home dashboard's HTML block): headings,
 * bold/italic/underline/strike, lists, quotes, links, and undo. It reports the HTML on every change; the server
 * sanitises it (sanitize-html) on save and again when it is shown. A `value` changed from outside (a reset, the
 * loaded page) replaces the content. `label` names the editing area for screen readers; `error` shows under it.
 */
export function HtmlEditor({
  label,
  description,
  value,
  onChange,
  error,
  minHeight = 240,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  minHeight?: number;
}) {
  const id = useId();
  const sent = useRef(value);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true', role: 'textbox', style: `min-height: ${minHeight}px` },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      sent.current = html;
      onChange(html);
    },
  });
  useEffect(() => {
    if (!editor || value === sent.current) return;
    sent.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <Input.Wrapper label={label} description={description} error={error} labelProps={{ id: `${id}-label`, htmlFor: undefined }}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
