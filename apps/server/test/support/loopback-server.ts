import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';

/**
 * The shared shell of every local stand-in for an outside service: an HTTP server on a free
 * loopback port, its base URL once started, and a stop that drops open connections.
 */
export abstract class LoopbackServer {
  url = '';
  private readonly server = createServer((req, res) => void this.handle(req, res));

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
