import { type AddressInfo, createServer } from 'node:net';

/**
 * A relay that takes a whole message and then, instead of its reply, closes the connection (or
 * answers `reply` when given): the one case where the sender cannot know whether it was accepted.
 */
export async function startDroppingRelay(reply?: string) {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (inData) {
        if (!buffer.includes('\r\n.\r\n')) return;
        messages.push(buffer);
        if (reply) socket.write(`${reply}\r\n`);
        else socket.destroy();
        inData = false;
        buffer = '';
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 relay.test\r\n');
        else if (line.startsWith('MAIL') || line.startsWith('RCPT') || line.startsWith('RSET'))
          socket.write('250 OK\r\n');
        else if (line === 'DATA') {
          socket.write('354 Go ahead\r\n');
          inData = true;
          return;
        } else if (line === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('502 Not here\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => messages.length,
    /** Each message's data as it arrived. */
    messages: () => [...messages],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
