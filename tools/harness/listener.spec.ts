import { createServer, type Server } from 'node:net';
import { spawn } from 'node:child_process';
import { listensOn } from './listener';

const listening = (server: Server, host?: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));

describe('listensOn', () => {
  it('tells that this process holds a port it listens on, on IPv4 and on all addresses', async () => {
    const v4 = createServer();
    const all = createServer();
    try {
      expect(listensOn(process.pid, await listening(v4, '127.0.0.1'))).toBe(true);
      expect(listensOn(process.pid, await listening(all))).toBe(true);
    } finally {
      v4.close();
      all.close();
    }
  });

  it('tells that another process does not hold a port this one listens on, nor any process a port nobody listens on', async () => {
    const server = createServer();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
    try {
      const port = await listening(server);
      expect(listensOn(child.pid!, port)).toBe(false);
      server.close();
      await new Promise((r) => server.once('close', r));
      expect(listensOn(process.pid, port)).toBe(false);
    } finally {
      child.kill();
    }
  });
});
