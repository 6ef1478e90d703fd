/*
 * Balcão website chat. Paste on any page:
 *   <script src="https://YOUR-BALCAO/widget.js" data-token="CONNECTION-TOKEN" async></script>
 * It adds a chat button that opens the conversation in a frame served by Balcão.
 */
(() => {
  const script = document.currentScript;
  const token = script?.dataset.token;
  if (!script || !token || document.getElementById('balcao-chat-button')) return;
  const origin = new URL(script.src).origin;
  const lang = script.dataset.lang ? `&lang=${encodeURIComponent(script.dataset.lang)}` : '';

  const frame = document.createElement('iframe');
  frame.src = `${origin}/w/${encodeURIComponent(token)}?embed=1${lang}`;
  frame.title = 'Chat';
  frame.style.cssText =
    'position:fixed;bottom:88px;right:16px;width:min(380px,calc(100vw - 32px));height:min(560px,calc(100vh - 112px));' +
    'border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.25);z-index:2147483646;display:none;background:#fff';

  const button = document.createElement('button');
  button.id = 'balcao-chat-button';
  button.type = 'button';
  button.setAttribute('aria-label', 'Chat');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="28" height="28" fill="white" aria-hidden="true"><path d="M4 4h16v12H7l-3 3z"/></svg>';
  button.style.cssText =
    'position:fixed;bottom:16px;right:16px;width:60px;height:60px;border-radius:50%;border:0;cursor:pointer;' +
    'background:#0b6e4f;box-shadow:0 6px 20px rgba(0,0,0,.3);z-index:2147483647;display:flex;align-items:center;justify-content:center';

  const toggle = (open) => {
    frame.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => toggle(frame.style.display === 'none'));
  window.addEventListener('message', (event) => {
    if (event.origin === origin && event.data === 'balcao:close') toggle(false);
  });
  document.body.append(frame, button);
})();
