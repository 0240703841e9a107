import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for a Nominatim server: answers /reverse?format=jsonv2 in Nominatim's JSON, and records requests. */
export async function startGeocoder(address: Record<string, string> = {
  house_number: '12', road: 'Road No. 36', suburb: 'Jubilee Hills', city: 'Hyderabad', state: 'Telangana', postcode: '500033', country: 'India',
}) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/reverse' || url.searchParams.get('format') !== 'jsonv2') {
      res.writeHead(400).end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({
      place_id: 1, lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon'),
      display_name: Object.values(address).join(', '), address,
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
