// The identity provider's answer in the hidden frame: hand the URL to the portal page that opened the
// frame, the message oidc-client-ts waits for (same as UserManager.signinSilentCallback), without
// loading the whole library here. Only the portal's own origin may receive it.
(function notifyParent() {
  if (window.parent === window) return;
  window.parent.postMessage(
    { source: 'oidc-client', url: window.location.href, keepOpen: false },
    window.location.origin,
  );
})();
