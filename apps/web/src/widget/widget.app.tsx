import { useEffect, useRef } from 'react';
import { WidgetBubble } from './widget.bubble.js';
import { WidgetComposer } from './widget.composer.js';
import { type PendingMessage, useConversation } from './widget.conversation.js';
import type { widgetText } from './widget.i18n.js';
import { IntroForm } from './widget.intro.js';

interface Props {
  token: string;
  embedded: boolean;
  t: ReturnType<typeof widgetText>;
  title: string;
  greeting: string;
}

const refusalText = (code: string) =>
  code === 'ERR_FILE_TOO_LARGE'
    ? 'tooLarge'
    : code === 'ERR_FILE_TYPE_NOT_ALLOWED'
      ? 'typeNotAllowed'
      : 'failed';

export function WidgetApp({ token, embedded, t, title, greeting }: Props) {
  const chat = useConversation(token);
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

  const retry = (pending: PendingMessage) => {
    if (!pending.file) return chat.retry(pending.clientId);
    chat.dismiss(pending.clientId);
    void chat.sendFile(pending.file);
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
              <WidgetBubble key={m.id} message={m} t={t} />
            ))}
            {chat.pending.map((p) => (
              <li key={p.clientId} className="bubble bubble--mine bubble--pending">
                <span className="bubble__body">{p.body}</span>
                {p.failed && p.refusal && p.refusal !== 'ERR_TOO_MANY_REQUESTS' ? (
                  <button type="button" className="bubble__retry" onClick={() => chat.dismiss(p.clientId)}>
                    {t(refusalText(p.refusal))} ✕
                  </button>
                ) : (
                  p.failed && (
                    <button type="button" className="bubble__retry" onClick={() => retry(p)}>
                      {t(p.tooMany || p.refusal ? 'tooMany' : 'failed')}
                    </button>
                  )
                )}
              </li>
            ))}
            {chat.agentTyping && (
              <li className="widget__typing" role="status">
                {t(chat.agentTyping === 'recording' ? 'agentRecording' : 'agentTyping')}
              </li>
            )}
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
            <WidgetComposer
              t={t}
              onSend={chat.send}
              onFile={(file) => void chat.sendFile(file)}
              onTyping={chat.typing}
            />
          )}
        </>
      )}
    </div>
  );
}
