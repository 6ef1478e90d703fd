import Fastify from 'fastify';

/** The framework floor: a bare Fastify hello on this machine, in its own process like the server. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
