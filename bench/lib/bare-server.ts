import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ returnCode: '000000', returnMsg: '成功', data: { status: 'UP' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
