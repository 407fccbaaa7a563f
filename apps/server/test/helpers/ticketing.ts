import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedUpload {
  /** The multipart part names in order, and each file's name, type and bytes. */
  files: { field: string; fileName: string; type: string; content: Buffer }[];
}

export interface ReceivedSubmit {
  key: string | null;
  body: Record<string, unknown>;
}

export interface ReceivedRequest {
  path: string;
  status: number;
}

export interface LoopbackTicketingService {
  /** TICKETING_URL for createTestApp({ env }). */
  url: string;
  /** Every request in arrival order, with the status it got. */
  requests: ReceivedRequest[];
  uploads: ReceivedUpload[];
  /** Submits the service accepted (answered 200). */
  accepted: ReceivedSubmit[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A ticketing service on 127.0.0.1 (random port) speaking the protocol of spec section 7: multipart
 * `POST /upload` (answered with one id per file) and `POST /submit?key=...` with JSON. `failSubmits` makes the
 * first that many submits answer 500, to test the server's retries.
 */
export async function startTicketingService(
  options: { failSubmits?: number } = {},
): Promise<LoopbackTicketingService> {
  const requests: ReceivedRequest[] = [];
  const uploads: ReceivedUpload[] = [];
  const accepted: ReceivedSubmit[] = [];
  let failuresLeft = options.failSubmits ?? 0;
  let nextFileId = 1;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await bodyOf(request);
      const answer = (status: number, json: unknown) => {
        requests.push({ path: url.pathname, status });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (request.method === 'POST' && url.pathname === '/upload') {
        const form = await new Request(url, {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body,
        }).formData();
        const files: ReceivedUpload['files'] = [];
        for (const [field, value] of form.entries()) {
          if (typeof value === 'string') continue;
          files.push({
            field,
            fileName: value.name,
            type: value.type,
            content: Buffer.from(await value.arrayBuffer()),
          });
        }
        uploads.push({ files });
        return answer(200, { files: files.map(() => `file-${nextFileId++}`) });
      }
      if (request.method === 'POST' && url.pathname === '/submit') {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return answer(500, { error: 'down' });
        }
        accepted.push({
          key: url.searchParams.get('key'),
          body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
        });
        return answer(200, { ok: true });
      }
      answer(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    uploads,
    accepted,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A multipart body for app.inject, made by the platform's own FormData encoder. */
export async function multipartPayload(
  fields: Record<string, string>,
  files: { field: string; name: string; content: Buffer | string; type?: string }[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      file.field,
      new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
