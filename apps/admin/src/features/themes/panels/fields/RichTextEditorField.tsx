import '@mantine/tiptap/styles.css';
import type { RichTextSetting } from '@backroom/theme';
import { Input, NativeSelect } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { fieldId, usePanel } from '../context';
import type { FieldProps } from './types';

/**
 * A rich-text setting edited with Mantine's tiptap editor (loaded on demand: see RichTextField). The toolbar offers
 * the spec §5 font sizes (10 … 36 px) as inline `font-size` styles, bold/italic/underline/strike, lists, links and
 * alignment-free paragraphs. Each change reports the HTML; the editor's own undo is off, so Ctrl/Cmd+Z reaches the
 * editor shell's one history. A value changed from outside (undo, restore) replaces the content.
 */
export default function RichTextEditorField({ setting, path, value, disabled }: FieldProps<RichTextSetting>) {
  const { emit } = usePanel();
  const html = typeof value === 'string' ? value : '';
  const sent = useRef(html);
  const pathRef = useRef(path);
  pathRef.current = path;
  const id = fieldId(path);
  const editor = useEditor({
    extensions: [StarterKit.configure({ undoRedo: false, link: { openOnClick: false } }), TextStyle, FontSize],
    content: html,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => {
      const next = e.getHTML();
      sent.current = next;
      emit([...pathRef.current], next);
    },
  });
  useEffect(() => {
    if (!editor || html === sent.current) return;
    sent.current = html;
    if (editor.getHTML() !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  const size = useEditorState({
    editor,
    selector: (ctx) => (ctx.editor?.getAttributes('textStyle').fontSize as string | undefined) ?? '',
  });
  return (
    <Input.Wrapper label={setting.label} description={setting.info} labelProps={{ id: `${id}-label`, htmlFor: undefined }}>
      <RichTextEditor editor={editor} mt={4} variant="subtle" style={{ fontSize: 14 }}>
        <RichTextEditor.Toolbar>
          <NativeSelect
            size="xs"
            aria-label={`Font size of ${setting.label}`}
            value={size ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const chain = editor?.chain().focus();
              if (!chain) return;
              (v ? chain.setFontSize(v) : chain.unsetFontSize()).run();
            }}
            data={[{ value: '', label: 'Size' }, ...setting.sizes.map((s) => ({ value: `${s}px`, label: `${s} px` }))]}
          />
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
