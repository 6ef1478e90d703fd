import type { WebchatAck, WebchatCredentials } from '@balcao/shared';
import { type FormEvent, useState } from 'react';
import type { WidgetText } from './widget.i18n.js';

interface Props {
  t: (key: WidgetText) => string;
  greeting: string;
  onStart(visitor: { name: string; email?: string; phone?: string }): Promise<WebchatAck<WebchatCredentials>>;
}

/** The first visit: who is writing. Only the name is required. */
export function IntroForm({ t, greeting, onStart }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 2 || trimmed.length > 50) return setErrors({ name: t('nameInvalid') });
    setBusy(true);
    const answer = await onStart({
      name: trimmed,
      email: email.trim() || undefined,
      phone: phone.trim() || undefined,
    });
    setBusy(false);
    if (!answer.ok)
      setErrors({
        name:
          answer.error === 'ERR_TOO_MANY_REQUESTS' ? t('tooMany') : answer.fields?.name && t('nameInvalid'),
        email: answer.fields?.email && t('emailInvalid'),
      });
  };

  return (
    <form className="widget__intro" onSubmit={submit} noValidate>
      <p>{greeting || t('intro')}</p>
      <label>
        {t('name')}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
        />
        {errors.name && <span className="widget__error">{errors.name}</span>}
      </label>
      <label>
        {t('email')}
        <input
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
        />
        {errors.email && <span className="widget__error">{errors.email}</span>}
      </label>
      <label>
        {t('phone')}
        <input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" />
      </label>
      <button type="submit" disabled={busy}>
        {t('start')}
      </button>
    </form>
  );
}
