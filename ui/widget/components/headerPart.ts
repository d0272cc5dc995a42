import { lazyPart } from '../lazyPart';

/**
 * The header's menus (HeaderParts.tsx): the language menu and the end-chat confirmation, which only
 * a press opens — loaded after the first screen, or at that press.
 */
export const HeaderPart = lazyPart('header menus', () => import('./HeaderParts').then((m) => ({ default: m.HeaderPart })));
