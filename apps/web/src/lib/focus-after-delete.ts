/**
 * Where the keyboard focus goes once the item holding `control` is deleted: the same control
 * (same accessible name) of the next item, or of the one before when it was the last, or else
 * the main region, never the top of the page. Call it before the delete; run what it returns
 * once the list shows the change.
 */
export function focusAfterDelete(control: HTMLElement | null): () => void {
  const item = control?.closest('li');
  const label = control?.getAttribute('aria-label');
  const sibling = item?.nextElementSibling ?? item?.previousElementSibling ?? null;
  const selector = label ? `[aria-label="${CSS.escape(label)}"]` : 'button, a';
  return () => {
    const target =
      sibling?.isConnected && sibling.querySelector<HTMLElement>(selector)
        ? sibling.querySelector<HTMLElement>(selector)
        : document.getElementById('main');
    target?.focus();
  };
}
