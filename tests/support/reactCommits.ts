/**
 * What each React commit rendered, from the commits React reports to a DevTools hook
 * (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, which production React calls too): for each component that
 * rendered, the element it draws into, and whether it rendered for the first time (a mount). The
 * browser tests count renders with it (tests/e2e/renderCounts.test.ts), where the figure does not
 * depend on the machine.
 *
 * `installCommitProbe` runs in the page before any script (an init script: `COMMIT_PROBE`); each
 * commit is handed to `window.__onCommit(rendered)` when one is set.
 */

/** A component that rendered in a commit: the element it draws into (its first host element), and whether it mounted. */
export interface Rendered {
  host: Element | null;
  mounted: boolean;
}

declare global {
  interface Window {
    __onCommit?: (rendered: Rendered[]) => void;
  }
}

function installCommitProbe(): void {
  interface Fiber {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    return: Fiber | null;
    alternate: Fiber | null;
    stateNode: unknown;
  }
  /** Function, class, forwardRef, memo and simple memo components. */
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const HOST = 5;
  const HOST_TEXT = 6;
  /** React's PerformedWork flag: the component rendered in this commit. */
  const PERFORMED_WORK = 1;
  const hostOf = (fiber: Fiber): Element | null => {
    let down: Fiber | null = fiber;
    while (down && down.tag !== HOST && down.tag !== HOST_TEXT) down = down.child;
    if (down) return down.tag === HOST ? (down.stateNode as Element) : (down.stateNode as Text).parentElement;
    let up = fiber.return;
    while (up && up.tag !== HOST) up = up.return;
    return up ? (up.stateNode as Element) : null;
  };
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      const report = window.__onCommit;
      if (!report) return;
      const rendered: Rendered[] = [];
      // As React DevTools reads a commit: a subtree whose children are the previous tree's own was not rendered.
      const walk = (fiber: Fiber, previous: Fiber | null) => {
        if (COMPONENT_TAGS.has(fiber.tag) && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0))
          rendered.push({ host: hostOf(fiber), mounted: previous === null });
        if (previous !== null && fiber.child === previous.child) return;
        for (let c = fiber.child; c; c = c.sibling) walk(c, c.alternate);
      };
      walk(root.current, root.current.alternate);
      report(rendered);
    },
  };
}

/** The probe as an init script's source: tsx names inner functions with its `__name` helper, so the page gets one of its own. */
export const COMMIT_PROBE = `(() => { const __name = (f) => f; (${installCommitProbe.toString()})(); })();`;
