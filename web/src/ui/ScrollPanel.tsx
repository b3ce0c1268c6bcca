import { ScrollArea } from '@chakra-ui/react';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { createScrollbarVisibility, type ScrollbarVisibility } from './scrollbarVisibility';

export interface ScrollPanelProps extends Omit<ScrollArea.RootProps, 'children'> {
  children: ReactNode;
  /** Props of the element that scrolls (its role, label, padding, a scroll listener, a test id…). */
  viewportProps?: ScrollArea.ViewportProps & { 'data-testid'?: string };
  /** Props of the content inside the viewport (e.g. `minH: 'full'` for a column that fills it). */
  contentProps?: ScrollArea.ContentProps;
  /** The element that scrolls, for code that reads or sets its scroll position. */
  viewportRef?: Ref<HTMLDivElement>;
  /** Taller content scrolls (e.g. the cart dropdown's list: 300px). */
  maxHeight?: string;
}

/**
 * A scrolling panel with Chakra UI's ScrollArea: a slim scroll bar shown while the panel scrolls or
 * the pointer is over it, hidden 600 ms after both stop (spec section 9; scrollbarVisibility.ts).
 * The viewport is what scrolls; the keyboard reaches it when its content overflows.
 */
export function ScrollPanel({
  children,
  viewportProps,
  contentProps,
  viewportRef,
  maxHeight,
  onPointerEnter,
  onPointerLeave,
  ...rootProps
}: ScrollPanelProps) {
  const [visible, setVisible] = useState(false);
  const visibility = useRef<ScrollbarVisibility | null>(null);
  useEffect(() => {
    const current = createScrollbarVisibility(setVisible);
    visibility.current = current;
    return () => current.dispose();
  }, []);
  const onScroll = viewportProps?.onScroll;

  return (
    <ScrollArea.Root
      variant="always"
      size="xs"
      {...rootProps}
      onPointerEnter={(event) => {
        visibility.current?.pointerEntered();
        onPointerEnter?.(event);
      }}
      onPointerLeave={(event) => {
        visibility.current?.pointerLeft();
        onPointerLeave?.(event);
      }}
    >
      <ScrollArea.Viewport
        maxHeight={maxHeight}
        {...viewportProps}
        ref={viewportRef}
        onScroll={(event) => {
          visibility.current?.scrolled();
          onScroll?.(event);
        }}
      >
        {/* As wide as the panel (zag makes it fit its content), so `truncate` still cuts with an ellipsis. */}
        <ScrollArea.Content {...contentProps} style={{ minWidth: 0, ...contentProps?.style }}>
          {children}
        </ScrollArea.Content>
      </ScrollArea.Viewport>
      <ScrollArea.Scrollbar
        opacity={visible ? 1 : 0}
        transition="opacity 150ms"
        data-visible={visible ? '' : undefined}
      />
    </ScrollArea.Root>
  );
}
