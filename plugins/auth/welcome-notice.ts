/*
 * The welcome after a first acceptance of the terms (issue 30): a short notice over the landing page the
 * person goes on to. Drawn by the terms page's own chunk, outside the React root, so it outlives the page
 * and the landing page's code does not carry it (the entity home is at its bundle aim). Polite live
 * region, a close button, gone by itself after a while.
 */
const SHOWN_MS = 12_000;

export function showWelcome(text: string, closeLabel: string): void {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'status');
  notice.dataset['welcome'] = '';
  Object.assign(notice.style, {
    position: 'fixed',
    insetBlockStart: '16px',
    insetInlineEnd: '16px',
    maxWidth: 'min(360px, calc(100vw - 32px))',
    zIndex: '3000',
    display: 'flex',
    gap: '12px',
    alignItems: 'flex-start',
    padding: '12px 16px',
    background: '#ffffff',
    color: '#212529',
    borderInlineStart: '4px solid var(--mantine-primary-color-filled)',
    borderRadius: '8px',
    boxShadow: '0 4px 16px rgba(0, 0, 0, 0.15)',
    font: '15px/1.45 system-ui, sans-serif',
  });
  const message = document.createElement('p');
  message.style.margin = '0';
  message.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', closeLabel);
  Object.assign(close.style, {
    minWidth: '44px',
    minHeight: '44px',
    margin: '-10px -12px -10px 0',
    border: '0',
    background: 'transparent',
    fontSize: '22px',
    cursor: 'pointer',
    color: '#495057',
  });
  const remove = () => notice.remove();
  close.addEventListener('click', remove);
  notice.append(message, close);
  document.body.append(notice);
  window.setTimeout(remove, SHOWN_MS);
}
