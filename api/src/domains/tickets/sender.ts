import type { FastifyRequest } from 'fastify';

/** The name a message shows as its sender: the user's full name, else the username. */
export function senderOf(request: FastifyRequest): { id: number; name: string } {
  const user = request.session!.user;
  return { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() || user.username };
}
