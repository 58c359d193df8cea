// One language's texts, loaded together (one chunk) when a page is drawn in it (../../i18n.ts):
// the app's messages (Lingui) and the SDK's error texts. In the browser build the SDK's catalogue
// holds no text of its own (vite/error-texts-by-locale.ts), so a page carries only its language's.
// (An import, not `export … from`: vite/direct-imports.ts rewrites imports to the SDK's source.)
import { ERROR_TEXTS_EN } from '@otc/sdk/error-texts';

export { messages } from '../../../locales/en/messages';
export const errorTexts = ERROR_TEXTS_EN;
