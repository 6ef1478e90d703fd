import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useConversation } from './widget.conversation.js';
import type { widgetText } from './widget.i18n.js';
import { IntroForm } from './widget.intro.js';

interface Props {
  token: string;
  embedded: boolean;
  t: ReturnType<typeof widgetText>;
  title: string;
  greeting: string;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export function WidgetApp({ token, embedded, t, title, greeting }: Props) {
  const chat = useConversation(token);
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const count = chat.messages.length + chat.pending.length + (chat.closed ? 1 : 0);

  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'end' });
    if (chat.phase === 'chat' && document.visibilityState === 'visible') chat.markRead();
  }, [count, chat.phase, chat.markRead]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && chat.markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [chat.markRead]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    chat.send(body);
    setDraft('');
  };

  return (
    <div className="widget">
      <header className="widget__header">
        <div>
          <h1>{title || t('title')}</h1>
          {chat.phase === 'chat' && !chat.online && <span className="widget__status">{t('offline')}</span>}
        </div>
        {embedded && (
          <button
            type="button"
            className="widget__close"
            onClick={() => window.parent.postMessage('balcao:close', '*')}
          >
            {t('close')}
          </button>
        )}
      </header>

      {chat.phase === 'connecting' && <div className="widget__center" aria-busy="true" />}
      {chat.phase === 'unavailable' && <p className="widget__center">{t('unavailable')}</p>}
      {chat.phase === 'introduce' && <IntroForm t={t} greeting={greeting} onStart={chat.start} />}

      {chat.phase === 'chat' && (
        <>
          <ol className="widget__messages" aria-live="polite">
            {count === 0 && <li className="widget__empty">{greeting || t('empty')}</li>}
            {chat.messages.map((m) => (
              <li key={m.id} className={m.fromVisitor ? 'bubble bubble--mine' : 'bubble'}>
                <span className="bubble__body">{m.deleted ? <em>{t('deleted')}</em> : m.body}</span>
                {m.edited && !m.deleted && <span className="bubble__time">{t('edited')}</span>}
                <time className="bubble__time">{time(m.createdAt)}</time>
              </li>
            ))}
            {chat.pending.map((p) => (
              <li key={p.clientId} className="bubble bubble--mine bubble--pending">
                <span className="bubble__body">{p.body}</span>
                {p.failed && (
                  <button type="button" className="bubble__retry" onClick={() => chat.retry(p.clientId)}>
                    {t(p.tooMany ? 'tooMany' : 'failed')}
                  </button>
                )}
              </li>
            ))}
            {chat.closed && (
              <li className="widget__closed" role="status">
                {t('closed')}
              </li>
            )}
            <div ref={bottom} />
          </ol>
          {chat.closed ? (
            <button type="button" className="widget__again" onClick={chat.startAgain}>
              {t('newConversation')}
            </button>
          ) : (
            <form className="widget__composer" onSubmit={submit}>
              <textarea
                value={draft}
                rows={1}
                maxLength={4096}
                aria-label={t('placeholder')}
                placeholder={t('placeholder')}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) submit(e);
                }}
              />
              <button type="submit" disabled={!draft.trim()}>
                {t('send')}
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
