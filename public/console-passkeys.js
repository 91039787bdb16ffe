/*
 * The console's passkey forms (docs/api/console.md, "Second factors"): a form marked
 * `data-passkey="register"` or `"authenticate"` asks the server for the ceremony's options
 * (`data-options`), lets the browser talk to the authenticator through @simplewebauthn/browser
 * (served at /admin/assets/webauthn.js), and posts the result as JSON to the form's own address
 * with the form's CSRF token. The server answers where to go next, or why it refused.
 */
;(function () {
  const webauthn = window.SimpleWebAuthnBrowser

  for (const form of document.querySelectorAll('form[data-passkey]')) {
    const status = form.querySelector('[data-passkey-status]')
    if (!webauthn || !webauthn.browserSupportsWebAuthn()) {
      status.textContent = 'This browser cannot use passkeys.'
      form.querySelector('button[type="submit"]').disabled = true
      continue
    }
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      status.textContent = ''
      const csrf = form.querySelector('input[name="_csrf"]').value
      const post = async (url, body) => {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            'Accept': 'application/json',
            'Content-Type': 'application/json',
            'X-CSRF-TOKEN': csrf,
          },
          body: JSON.stringify(body),
        })
        const answer = await response.json()
        if (!response.ok) throw new Error(answer.error?.message ?? 'The request was refused')
        return answer
      }
      try {
        const optionsJSON = await post(form.dataset.options, {})
        const body = {}
        if (form.dataset.passkey === 'register') {
          body.name = form.querySelector('input[name="name"]').value
          body.credential = await webauthn.startRegistration({ optionsJSON })
        } else {
          body.credential = await webauthn.startAuthentication({ optionsJSON })
        }
        const result = await post(form.action, body)
        window.location.assign(result.redirect)
      } catch (error) {
        status.textContent = error.message
      }
    })
  }
})()
