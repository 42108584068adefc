import type { RichTextSetting } from '@backroom/theme';
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FieldProps } from './types';

const Editor = lazy(() => import('./RichTextEditorField'));

/**
 * A rich-text setting. The tiptap editor is its own chunk, fetched the first time a panel shows rich text, so the
 * editor route's first load stays small (issue 9 item 7 budget).
 */
export function RichTextField(props: FieldProps<RichTextSetting>) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.setting.label}>
          <Skeleton h={96} mt={4} />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
