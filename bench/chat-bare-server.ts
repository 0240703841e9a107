/**
 * The floor `npm run bench:chat` compares with: a bare socket.io server on this machine, same transport and
 * same fan-out (each message to the sender's and the receiver's rooms), without sessions, limits or a database.
 * Prints "PORT <n>" once listening.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  const id = String(socket.handshake.auth.id);
  void socket.join(id);
  socket.on('sendMessage', (m: { receiverId: string; text: string }) => {
    io.to(id).to(m.receiverId).emit('receiveMessage', { senderId: id, receiverId: m.receiverId, text: m.text });
  });
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
