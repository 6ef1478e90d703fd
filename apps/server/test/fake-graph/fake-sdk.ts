/**
 * A stand-in for Facebook's JavaScript SDK (connect.facebook.net/…/sdk.js), served by the fake Graph
 * API: it defines `window.FB`, then calls `window.fbAsyncInit` as the real one does. `FB.login`
 * answers like the real SDK after its popup: `{status: 'connected', authResponse: {accessToken,
 * userID, …}}`, or `{status: 'unknown', authResponse: null}` when the person closes the popup.
 *
 * Who is signed in to Facebook in this browser is browser state, as with the real site's cookie: the
 * page's `localStorage.fakeFacebookLogin` holds `{"accessToken","userID"}` (a token the fake Graph
 * knows, see `addLogin`) or `"cancel"`; unset, the README's login (page 1234567890 "Loja X") answers.
 * What the page asked for is kept in `window.fakeFacebook` for the tests to read.
 */
export function fakeSdkScript(appId: string) {
  return `(() => {
  const APP_ID = ${JSON.stringify(appId)};
  const asked = { init: null, logins: [] };
  const answer = (callback, response) => setTimeout(() => callback(response), 30);
  const notConnected = { status: 'unknown', authResponse: null };
  window.fakeFacebook = asked;
  window.FB = {
    init(options) {
      asked.init = options;
    },
    getLoginStatus(callback) {
      answer(callback, notConnected);
    },
    login(callback, options) {
      asked.logins.push(options || {});
      // The real SDK does nothing before FB.init, and Facebook's dialog refuses an unknown app.
      if (!asked.init) return console.error('FB.login() called before FB.init().');
      if (asked.init.appId !== APP_ID) return answer(callback, notConnected);
      const stored = localStorage.getItem('fakeFacebookLogin');
      if (stored === 'cancel') return answer(callback, notConnected);
      const user = stored ? JSON.parse(stored) : { accessToken: 'SDK_USER_TOKEN', userID: '10001' };
      answer(callback, {
        status: 'connected',
        authResponse: {
          accessToken: user.accessToken,
          userID: user.userID,
          expiresIn: 5183,
          signedRequest: 'fake.signed-request',
          graphDomain: 'facebook',
          data_access_expiration_time: Math.floor(Date.now() / 1000) + 7776000,
        },
      });
    },
    logout(callback) {
      answer(callback || (() => {}), notConnected);
    },
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
`;
}
