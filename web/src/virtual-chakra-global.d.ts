/** The design system's global style sheet, serialized when the app is built (build/chakraGlobal.ts). */
declare module 'virtual:drx-chakra-global' {
  import type { SerializedStyles } from '@emotion/react';
  const styles: SerializedStyles;
  export default styles;
}
