import { startServer } from '../../src/server.js';
import { fakeWhatsappSockets } from './client.js';

/**
 * A server process (test/processes.ts `entry`) whose WhatsApp is the fake WhatsApp Web at
 * FAKE_WHATSAPP_URL, naming itself by its pid in the fake's records.
 */
const url = process.env.FAKE_WHATSAPP_URL;
if (!url) throw new Error('FAKE_WHATSAPP_URL is not set');
await startServer({ whatsappSockets: fakeWhatsappSockets(url, String(process.pid)) });
