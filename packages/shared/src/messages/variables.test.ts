import { describe, expect, test } from 'vitest';
import { fillMessageVariables, greetingOfHour, type MessageVariableContext } from './variables.js';

const context: MessageVariableContext = {
  contactName: '  Maria Clara Souza ',
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Loja Centro',
  ticketId: 42,
  ticketCreatedAt: new Date('2026-03-02T02:30:00Z'),
  now: new Date('2026-03-02T15:04:00Z'),
  timeZone: 'America/Sao_Paulo',
};

describe('fillMessageVariables', () => {
  test('fills every variable of spec 001 §1, in the company time zone', () => {
    const text =
      '{{ms}}, {{firstName}} ({{name}})! {{userName}} de {{queue}} em {{connection}}. ' +
      'Ticket {{ticket_id}}, protocolo {{protocol}}, {{date}} {{hour}}';

    expect(fillMessageVariables(text, context)).toBe(
      'Boa tarde, Maria (Maria Clara Souza)! Ana de Vendas em Loja Centro. ' +
        'Ticket 42, protocolo 20260301-42, 02/03/2026 12:04',
    );
  });

  test('an unknown variable stays as typed; spaces inside the braces and letter case are forgiven', () => {
    expect(fillMessageVariables('{{ firstname }} {{foo}} {{ }} {name}', context)).toBe(
      'Maria {{foo}} {{ }} {name}',
    );
  });

  test('what is missing reads as nothing, and a value holding braces is not filled again', () => {
    const bare = { ...context, contactName: '{{userName}}', userName: null, queueName: null };
    expect(fillMessageVariables('[{{name}}|{{userName}}|{{queue}}]', bare)).toBe('[{{userName}}||]');
  });

  test('the time zone decides the hour, the date and the greeting', () => {
    const tokyo = { ...context, timeZone: 'Asia/Tokyo' };
    expect(fillMessageVariables('{{ms}} {{date}} {{hour}}', tokyo)).toBe('Boa madrugada 03/03/2026 00:04');
  });
});

describe('greetingOfHour', () => {
  test('madrugada before 6, dia before 12, tarde before 18, noite after', () => {
    const at = (hour: string) => new Date(`2026-01-10T${hour}:00:00-03:00`);
    expect(greetingOfHour(at('00'), 'America/Sao_Paulo')).toBe('Boa madrugada');
    expect(greetingOfHour(at('05'), 'America/Sao_Paulo')).toBe('Boa madrugada');
    expect(greetingOfHour(at('06'), 'America/Sao_Paulo')).toBe('Bom dia');
    expect(greetingOfHour(at('11'), 'America/Sao_Paulo')).toBe('Bom dia');
    expect(greetingOfHour(at('12'), 'America/Sao_Paulo')).toBe('Boa tarde');
    expect(greetingOfHour(at('17'), 'America/Sao_Paulo')).toBe('Boa tarde');
    expect(greetingOfHour(at('18'), 'America/Sao_Paulo')).toBe('Boa noite');
    expect(greetingOfHour(at('23'), 'America/Sao_Paulo')).toBe('Boa noite');
  });
});
