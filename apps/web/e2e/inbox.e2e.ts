import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';
import { apiAs, chatHeading, say, visitorWrites } from './people';

let browser: Browser;
let admin: Page;
let widgetToken: string;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  await recordNotifications(admin);
  // A company of its own: journeys that ran before may have changed the shared platform company's settings.
  const company = await signUpCompany('inbox');
  const joined = socketConnected(admin);
  await signIn(admin, company.email, company.password);
  await joined;
  api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', {
    name: 'Loja Virtual',
    channel: 'webchat',
    greetingMessage: 'Olá! Em que podemos ajudar?',
    complationMessage: 'Obrigado pelo contato!',
    isDefault: false,
  });
  widgetToken = connection.token;
});

afterAll(async () => {
  await browser?.close();
});

const customerWrites = (name: string, text: string) => visitorWrites(browser, widgetToken, name, text);

/** The open conversation's messages (the list beside it previews the last one too). */
const chatOf = (page: Page, name = 'Mensagens') => page.getByRole('list', { name });

/**
 * Records desktop notifications instead of relying on a notification daemon. The permission is granted,
 * and the recorder says so itself: the headless shell answers 'denied' to `Notification.permission`
 * whatever was granted (its permission query says 'granted').
 */
async function recordNotifications(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const Native = window.Notification;
    const shown: string[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class extends Native {
      static override get permission(): NotificationPermission {
        return 'granted';
      }
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(title);
      }
    };
  });
}

test('a customer writes on the website, the admin takes the ticket live, they talk and the admin closes it', async () => {
  await admin.getByRole('tab', { name: /Aguardando/ }).click();
  await admin.getByText('Selecione um atendimento').waitFor();
  await snap(admin, 'inbox-01-waiting-tab');

  const customer = await customerWrites('Carla Mendes', 'Olá, quero saber do meu pedido 123');
  const row = admin.getByRole('listitem').filter({ hasText: 'Carla Mendes' });
  await row.waitFor();
  await admin.getByRole('tab', { name: /^Aguardando\s*1$/ }).waitFor();
  await admin.getByRole('button', { name: '1 atendimento não lido' }).waitFor();
  await admin.waitForFunction(() =>
    (window as unknown as { shownNotifications: string[] }).shownNotifications.includes('Carla Mendes'),
  );
  await snap(admin, 'inbox-02-pending-live');
  await snap(customer, 'inbox-03-customer-wrote');

  await row.getByRole('button', { name: 'Aceitar' }).click();
  await admin.waitForURL('**/tickets/*');
  await chatHeading(admin, 'Carla Mendes').waitFor();
  await chatOf(admin).getByText('Olá, quero saber do meu pedido 123').waitFor();
  await chatOf(admin).getByText('Saudação automática').waitFor();
  await admin.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  // Accepting reads the ticket: the bell goes back to zero.
  await admin.getByRole('button', { name: /^0 atendimentos? não lidos?$/ }).waitFor();
  await snap(admin, 'inbox-04-accepted');

  const composer = admin.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.fill('Oi Carla! Vou verificar o pedido 123.');
  await composer.press('Enter');
  await customer.getByText('Oi Carla! Vou verificar o pedido 123.').waitFor();
  const reply = chatOf(admin)
    .getByRole('listitem')
    .filter({ hasText: 'Oi Carla! Vou verificar o pedido 123.' });
  await reply.getByRole('img', { name: 'Lida' }).waitFor();
  await snap(customer, 'inbox-05-customer-sees-reply');

  await say(customer, 'Obrigada! Fico no aguardo.');
  await chatOf(admin).getByText('Obrigada! Fico no aguardo.').waitFor();
  await snap(admin, 'inbox-06-conversation');
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.getByRole('tab', { name: 'Ticket' }).waitFor();
  await snap(admin, 'inbox-07-conversation-narrow');
  await admin.getByRole('tab', { name: 'Atendimentos' }).click();
  await snap(admin, 'inbox-08-list-narrow');
  await admin.setViewportSize({ width: 1280, height: 800 });

  await admin.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await admin.getByRole('dialog').getByText('Encerrar o atendimento #', { exact: false }).waitFor();
  await admin.getByRole('dialog').getByRole('button', { name: 'Encerrar', exact: true }).click();
  await admin.waitForURL(/\/tickets$/);
  await customer.getByText('Obrigado pelo contato!').waitFor();
  await admin.getByRole('tab', { name: /Fechados/ }).click();
  await admin.getByRole('listitem').filter({ hasText: 'Carla Mendes' }).waitFor();
  await snap(admin, 'inbox-09-closed-tab');
  await snap(customer, 'inbox-10-customer-farewell');

  // Carla writes again: a new ticket waits, so the closed one cannot be reopened beside it.
  await customer.getByRole('button', { name: 'Iniciar nova conversa' }).click();
  await say(customer, 'Esqueci de perguntar: vocês entregam no sábado?');
  await admin.getByRole('button', { name: '1 atendimento não lido' }).waitFor();
  await admin.getByRole('listitem').filter({ hasText: 'Carla Mendes' }).getByRole('button').first().click();
  await admin.getByRole('button', { name: 'Reabrir' }).click();
  await admin
    .getByRole('dialog')
    // Named by number when the server's refusal says which ticket is in the way.
    .getByText(/Carla Mendes já tem (outro atendimento ativo|o atendimento #\d+)/)
    .waitFor();
  await snap(admin, 'inbox-11-already-open');
  await admin.getByRole('dialog').getByRole('button', { name: 'Entendi' }).click();
  await admin.getByRole('tab', { name: 'Abertos' }).click();
  await admin.getByRole('tab', { name: /Aguardando/ }).click();
  await admin
    .getByRole('listitem')
    .filter({ hasText: 'Carla Mendes' })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await admin.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
});

test('the same conversation with an attendant who works in English', async () => {
  await api('POST', '/users', { name: 'Lucas Prado', email: 'lucas@balcao.test', password: 'Lucas-pass' });
  const attendant = await openPage(browser);
  const joined = socketConnected(attendant);
  await signIn(attendant, 'lucas@balcao.test', 'Lucas-pass');
  await joined;
  await attendant.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await attendant.getByRole('menuitem', { name: 'Idioma' }).click();
  await attendant.getByRole('menuitem', { name: 'English' }).click();
  await attendant.getByText('Hello, Lucas Prado!').waitFor();
  await attendant.getByRole('heading', { name: 'Tickets' }).waitFor();
  await attendant.getByText('Choose a ticket').waitFor();
  await attendant.getByRole('tab', { name: /Pending/ }).click();
  await attendant.getByText('Nobody is waiting').waitFor();
  await snap(attendant, 'inbox-en-01-pending');

  const customer = await customerWrites('Diego Rocha', 'Vocês abrem no sábado?');
  const row = attendant.getByRole('listitem').filter({ hasText: 'Diego Rocha' });
  await row.waitFor();
  await snap(attendant, 'inbox-en-02-pending-live');

  await row.getByRole('button', { name: 'Accept' }).click();
  await chatHeading(attendant, 'Diego Rocha').waitFor();
  await attendant.getByText('Agent: Lucas Prado').waitFor();
  await chatOf(attendant, 'Messages').getByText('Automatic greeting').waitFor();
  await attendant.getByRole('button', { name: 'Return to queue' }).waitFor();
  const composer = attendant.getByRole('textbox', { name: 'Type a message' });
  await composer.fill('Sim, das 9h às 13h.');
  await composer.press('Enter');
  await customer.getByText('Sim, das 9h às 13h.').waitFor();
  await say(customer, 'Perfeito, obrigado!');
  await chatOf(attendant, 'Messages').getByText('Perfeito, obrigado!').waitFor();
  await snap(attendant, 'inbox-en-03-conversation');

  await attendant.getByRole('button', { name: 'Close', exact: true }).click();
  await attendant.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await attendant.waitForURL(/\/tickets$/);
  await attendant.getByRole('tab', { name: /Closed/ }).click();
  await attendant.getByRole('listitem').filter({ hasText: 'Diego Rocha' }).waitFor();
  await snap(attendant, 'inbox-en-04-closed');
  await customer.getByText('Obrigado pelo contato!').waitFor();
});
