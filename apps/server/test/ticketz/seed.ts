/**
 * A small Ticketz company (on top of schema.sql and seeders-data.sql) with every table the importer
 * maps and the shapes real ones have: a group and its participants, media, quotes, deleted and
 * edited messages, a reopened ticket, a user in two queues, two active tickets of one contact on one
 * connection, a second company that must stay out. `tag` makes e-mails unique per run.
 */
export function ticketzSeed(tag: string, passwordHash: string) {
  const hash = passwordHash.replaceAll("'", "''");
  return `
set search_path = public;
update "Companies" set name = 'Empresa ${tag}', phone = '5511900000000', email = 'empresa@${tag}.test' where id = 1;
insert into "Settings"(key, value, "createdAt", "updatedAt", "companyId", id) values
  ('userRandom', 'enabled', now(), now(), 1, 100),
  ('scheduleType', 'sometimes', now(), now(), 1, 101);
insert into "Companies"(id, name, "createdAt", "updatedAt", "planId", status, "dueDate")
  values (2, 'Outra ${tag}', now(), now(), 1, true, '2030-01-01');

insert into "Users"(id, name, email, "passwordHash", "createdAt", "updatedAt", profile, "tokenVersion", "companyId", super) values
  (1, 'Admin', 'admin-${tag}@ticketz.test', '${hash}', now() - interval '100 days', now(), 'admin', 0, 1, true),
  (2, 'Ana', 'ana-${tag}@ticketz.test', '${hash}', now() - interval '90 days', now(), 'user', 0, 1, false),
  (3, 'Bruno', 'bruno-${tag}@ticketz.test', '${hash}', now() - interval '80 days', now(), 'user', 0, 1, false),
  (4, 'Legado', 'legado-${tag}@ticketz.test', 'sha1:0123456789abcdef', now(), now(), 'user', 0, 1, false),
  (5, 'Outro', 'outro-${tag}@ticketz.test', '${hash}', now(), now(), 'admin', 0, 2, false);

insert into "Queues"(id, name, color, "greetingMessage", "createdAt", "updatedAt", "companyId", schedules) values
  (1, 'Vendas', '#1E88E5', 'Bem-vindo a Vendas', now(), now(), 1,
   '[{"weekday":"Segunda-feira","weekdayEn":"monday","startTime":"08:00","endTime":"18:00"}]'),
  (2, 'Suporte', '#43A047', '', now(), now(), 1, '[]'),
  (3, 'Financeiro', '#FB8C00', null, now(), now(), 1, '[]'),
  (4, 'Fora', '#000000', '', now(), now(), 2, '[]');
insert into "UserQueues"("userId", "queueId", "createdAt", "updatedAt") values
  (1, 1, now(), now()), (1, 2, now(), now()), (1, 3, now(), now()),
  (2, 1, now(), now()), (3, 1, now(), now()), (3, 2, now(), now()), (5, 4, now(), now());
-- option 2 is made before its parent 3
insert into "QueueOptions"(id, title, message, option, "queueId", "parentId", "createdAt", "updatedAt", "forwardQueueId") values
  (3, 'Comprar', 'O que deseja comprar?', '1', 1, null, now(), now(), null),
  (2, 'Falar com suporte', '', '1', 1, 3, now(), now(), 2),
  (4, 'Boletos', 'Segunda via', '2', 1, null, now(), now(), null);

insert into "Tags"(id, name, color, "companyId", "createdAt", "updatedAt", kanban) values
  (1, 'VIP', '#FF0000', 1, now(), now(), 0),
  (2, 'Lead', '#00FF00', 1, now(), now(), null),
  (3, 'vip', '#0000FF', 1, now(), now(), 0),
  (4, 'Em andamento', null, 1, now(), now(), 1),
  (5, 'Fora', '#000000', 2, now(), now(), 0);

insert into "Whatsapps"(id, session, qrcode, status, "createdAt", "updatedAt", name, "isDefault", retries, "companyId", provider, channel, "greetingMessage") values
  (1, 'secret-session', 'qr', 'CONNECTED', now(), now(), 'Principal', true, 0, 1, 'stable', 'whatsapp', 'Olá!'),
  (2, '', '', 'CONNECTED', now(), now(), 'Insta', false, 0, 1, 'stable', 'instagram', null),
  (3, '', '', 'CONNECTED', now(), now(), 'Fora', true, 0, 2, 'stable', 'whatsapp', null);
insert into "WhatsappQueues"("whatsappId", "queueId", "createdAt", "updatedAt") values
  (1, 1, now(), now()), (1, 2, now(), now()), (3, 4, now(), now());

-- 200 people, a group (201), a participant (202), one without tickets (203), another company's (204)
insert into "Contacts"(id, name, number, "createdAt", "updatedAt", email, "isGroup", "companyId", channel)
select i, 'Cliente ' || lpad(i::text, 3, '0'), (5511900000000 + i)::text, now() - (i || ' hours')::interval,
       now() - (i || ' hours')::interval, case when i % 10 = 0 then 'c' || i || '@mail.test' else '' end, false, 1, 'whatsapp'
from generate_series(1, 200) i;
insert into "Contacts"(id, name, number, "createdAt", "updatedAt", email, "isGroup", "companyId", channel) values
  (201, 'Grupo da Família', '120363000000000001@g.us', now(), now(), '', true, 1, 'whatsapp'),
  (202, 'Tia Zélia', '5511988887777', now(), now(), '', false, 1, 'whatsapp'),
  (203, 'Sem ticket', '5511900000555', now(), now(), '', false, 1, 'whatsapp'),
  (204, 'Cliente de fora', '5511977776666', now(), now(), '', false, 2, 'whatsapp');
insert into "ContactCustomFields"(id, name, value, "contactId", "createdAt", "updatedAt") values
  (1, 'CPF', '123.456.789-00', 1, now(), now()), (2, 'Plano', 'Ouro', 1, now(), now()),
  (3, 'CPF', '987.654.321-00', 2, now(), now()), (4, 'CPF', '000', 204, now(), now());
insert into "ContactTags"("contactId", "tagId", "createdAt", "updatedAt") values
  (1, 1, now(), now()), (1, 3, now(), now()), (2, 2, now(), now()), (204, 5, now(), now());

-- 150 tickets of contacts 1..150: every 3rd open, every 7th pending, the rest closed
insert into "Tickets"(id, status, "lastMessage", "contactId", "userId", "createdAt", "updatedAt", "whatsappId", "isGroup", "unreadMessages", "queueId", "companyId", channel)
select i, s, '', i, case when s = 'pending' then null else 1 + (i % 3) end, now() - ((200 - i) || ' hours')::interval,
       now() - ((200 - i) || ' hours')::interval + interval '30 minutes', 1, false, case when s = 'closed' then 0 else 2 end,
       case when i % 10 = 0 then null else 1 + (i % 3) end, 1, 'whatsapp'
from (select i, case when i % 3 = 0 then 'open' when i % 7 = 0 then 'pending' else 'closed' end s from generate_series(1, 150) i) t;
insert into "Tickets"(id, status, "lastMessage", "contactId", "userId", "createdAt", "updatedAt", "whatsappId", "isGroup", "unreadMessages", "queueId", "companyId", channel) values
  (151, 'open', '', 201, 1, now() - interval '3 hours', now() - interval '1 hour', 1, true, 1, 1, 1, 'whatsapp'),
  (152, 'open', '', 5, 2, now() - interval '2 hours', now() - interval '1 hour', 1, false, 0, 1, 1, 'whatsapp'),
  (153, 'open', '', 5, 2, now() - interval '2 hours', now() - interval '1 hour', 1, false, 0, 1, 1, 'whatsapp'),
  (154, 'open', '', 204, 5, now(), now(), 3, false, 0, 4, 2, 'whatsapp');
insert into "TicketTags"("ticketId", "tagId", "createdAt", "updatedAt") values
  (1, 4, now(), now()), (2, 1, now(), now()), (154, 5, now(), now());

-- one cycle per ticket; ticket 3 was closed, rated and reopened (two cycles)
insert into "TicketTraking"(id, "ticketId", "companyId", "whatsappId", "userId", "createdAt", "updatedAt", "queuedAt", "startedAt", "finishedAt", rated)
select id, id, "companyId", "whatsappId", "userId", "createdAt", "updatedAt", "createdAt",
       case when status <> 'pending' then "createdAt" + interval '5 minutes' end,
       case when status = 'closed' then "updatedAt" end, false
from "Tickets" order by id;
insert into "TicketTraking"(id, "ticketId", "companyId", "whatsappId", "userId", "createdAt", "updatedAt", "queuedAt", "startedAt", "finishedAt", "ratingAt", rated)
select 1000, 3, 1, 1, 1, "createdAt" - interval '3 days', "createdAt" - interval '2 days', "createdAt" - interval '3 days',
       "createdAt" - interval '3 days', "createdAt" - interval '2 days', "createdAt" - interval '2 days', true from "Tickets" where id = 3;
insert into "UserRatings"(id, "ticketId", "companyId", "userId", rate, "createdAt", "updatedAt")
select row_number() over (order by id), id, 1, "userId", 1 + id % 5, "updatedAt", "updatedAt" from "Tickets"
 where status = 'closed' and id % 4 = 1 and "companyId" = 1;
insert into "UserRatings"(id, "ticketId", "companyId", "userId", rate, "createdAt", "updatedAt")
select 500, 3, 1, 1, 5, "createdAt" - interval '2 days', "createdAt" - interval '2 days' from "Tickets" where id = 3;

insert into "TicketNotes"(id, note, "userId", "contactId", "ticketId", "createdAt", "updatedAt") values
  (1, 'Cliente pediu desconto', 1, 1, 1, now(), now()),
  (2, 'Sem ticket', 1, 2, null, now(), now()),
  (3, 'Nota de fora', 5, 204, 154, now(), now());

-- four messages in each of tickets 1..150; ticket 1 holds the odd shapes
insert into "Messages"(id, body, ack, read, "mediaType", "ticketId", "createdAt", "updatedAt", "fromMe", "isDeleted", "contactId", "companyId", "remoteJid", "queueId", channel)
select 'M' || t || '-' || k, case when t = 42 and k = 2 then 'Quero uma jabuticaba madura' else 'Mensagem ' || k || ' do ticket ' || t end,
       case when k % 2 = 0 then 3 else 0 end, true, 'conversation', t,
       now() - ((200 - t) || ' hours')::interval + (k || ' minutes')::interval,
       now() - ((200 - t) || ' hours')::interval + (k || ' minutes')::interval,
       k % 2 = 0, false, t, 1, (5511900000000 + t)::text || '@s.whatsapp.net', case when t % 10 = 0 then null else 1 + (t % 3) end, 'whatsapp'
from generate_series(2, 150) t, generate_series(1, 4) k;
insert into "Messages"(id, body, ack, read, "mediaType", "mediaUrl", "ticketId", "createdAt", "updatedAt", "fromMe", "isDeleted", "isEdited", "contactId", "quotedMsgId", "companyId", participant, "queueId", channel) values
  ('A1', 'Bom dia, preciso de ajuda', 0, true, 'conversation', null, 1, now() - interval '199 hours', now() - interval '199 hours', false, false, false, 1, null, 1, null, 2, 'whatsapp'),
  ('B2', 'Claro! Em que posso ajudar?', 5, true, 'extendedTextMessage', null, 1, now() - interval '198 hours 50 minutes', now() - interval '198 hours 50 minutes', true, false, true, 1, 'A1', 1, null, 2, 'whatsapp'),
  ('C3', 'foto.jpg', 0, true, 'image', 'foto-1.jpg', 1, now() - interval '198 hours 40 minutes', now() - interval '198 hours 40 minutes', false, false, false, 1, null, 1, null, 2, 'whatsapp'),
  ('D4', 'Mensagem apagada', 0, true, 'conversation', null, 1, now() - interval '198 hours 30 minutes', now() - interval '198 hours 30 minutes', false, true, false, 1, null, 1, null, 2, 'whatsapp'),
  ('E5', 'perdido.pdf', 0, true, 'application', 'sumiu.pdf', 1, now() - interval '198 hours 20 minutes', now() - interval '198 hours 20 minutes', false, false, false, 1, null, 1, null, 2, 'whatsapp'),
  ('F6', 'segredo', 0, true, 'image', '../../etc/passwd', 1, now() - interval '198 hours 10 minutes', now() - interval '198 hours 10 minutes', false, false, false, 1, null, 1, null, 2, 'whatsapp'),
  ('0Z', 'Respondendo ao que vem depois', 3, true, 'conversation', null, 1, now() - interval '198 hours', now() - interval '198 hours', true, false, false, 1, 'Z9', 1, null, 2, 'whatsapp'),
  ('Z9', 'Mensagem citada', 3, true, 'conversation', null, 1, now() - interval '198 hours 5 minutes', now() - interval '198 hours 5 minutes', true, false, false, 1, null, 1, null, 2, 'whatsapp'),
  ('G1', 'Oi família', 0, true, 'conversation', null, 151, now() - interval '2 hours', now() - interval '2 hours', false, false, false, 202, null, 1, '5511988887777@s.whatsapp.net', 1, 'whatsapp'),
  ('G2', 'Oi tia!', 3, true, 'conversation', null, 151, now() - interval '1 hour', now() - interval '1 hour', true, false, false, 201, 'G1', 1, null, 1, 'whatsapp'),
  ('X1', 'Mensagem de fora', 0, true, 'conversation', null, 154, now(), now(), false, false, false, 204, null, 2, null, 4, 'whatsapp');

insert into "Schedules"(id, body, "sendAt", "sentAt", "contactId", "ticketId", "userId", "companyId", "createdAt", "updatedAt", status) values
  (1, 'Lembrete de pagamento', now() + interval '2 days', null, 1, null, 1, 1, now(), now(), 'PENDENTE'),
  (2, 'Enviado ontem', now() - interval '1 day', now() - interval '1 day', 2, 2, 1, 1, now(), now(), 'ENVIADA'),
  (3, 'Sem contato', now(), null, null, null, 1, 1, now(), now(), 'PENDENTE');
insert into "QuickMessages"(id, shortcode, message, "companyId", "createdAt", "updatedAt", "userId") values
  (1, 'oi', 'Olá! Como posso ajudar?', 1, now(), now(), 1),
  (2, 'pix', 'Nossa chave pix é ...', 1, now(), now(), null),
  (3, 'fora', 'de fora', 2, now(), now(), 5);
insert into "ContactLists"(id, name, "companyId", "createdAt", "updatedAt") values (1, 'Lista', 1, now(), now());
insert into "ContactLists"(id, name, "companyId", "createdAt", "updatedAt") values (2, 'De fora', 2, now(), now());
insert into "ContactListItems"(id, name, number, "contactListId", "companyId", "isWhatsappValid", "createdAt", "updatedAt") values
  (1, 'Item', '5511900000001', 1, 1, true, now(), now()),
  (2, 'Sem empresa', '(11) 98888-0002', 1, null, false, now(), now()),
  (3, 'Repetido', '+55 11 90000-0001', 1, 1, false, now(), now()),
  (4, 'Sem número', 'abc', 1, 1, false, now(), now()),
  (5, 'Outra empresa', '5511900000005', 2, 2, true, now(), now());
insert into "Campaigns"(id, name, "companyId", "createdAt", "updatedAt", status, "whatsappId", "contactListId", "scheduledAt",
    "completedAt", confirmation, message1, "confirmationMessage1", "mediaPath", "mediaName") values
  (1, 'Black Friday', 1, now(), now(), 'PROGRAMADA', 1, 1, now() + interval '3 days', null, true,
    'Oferta para {nome}', 'Quer receber?', 'folheto.jpg', 'Folheto.jpg'),
  (2, 'Natal', 1, now(), now(), 'EM_ANDAMENTO', 1, 1, now() - interval '1 hour', null, false, 'Feliz Natal', '', null, null),
  (3, 'Páscoa', 1, now(), now(), 'FINALIZADA', null, null, null, now() - interval '1 day', false, 'Feliz Páscoa', '', 'sumiu.jpg', 'sumiu.jpg'),
  (4, 'De fora', 2, now(), now(), 'INATIVA', 3, null, null, null, false, 'x', '', null, null);
insert into "CampaignShipping"(id, number, message, "contactId", "campaignId", "deliveredAt", "createdAt", "updatedAt") values
  (1, '5511900000001', 'Feliz Natal', 1, 2, now() - interval '30 minutes', now(), now()),
  (2, '5511900000001', 'Feliz Páscoa', 1, 3, now() - interval '1 day', now(), now());
insert into "CampaignSettings"(id, key, value, "companyId", "createdAt", "updatedAt") values
  (1, 'messageInterval', '5', 1, now(), now()),
  (2, 'variables', '[{"key":"loja","value":"Centro"},{"key":"loja","value":"Outra"}]', 1, now(), now()),
  (3, 'greaterInterval', 'muito', 1, now(), now()),
  (4, 'messageInterval', '15', 2, now(), now());
`;
}
