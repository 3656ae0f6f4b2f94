import { z } from 'zod';

// Zod's own messages in Portuguese (Brazil) wherever a schema gives none of its own.
z.config(z.locales.ptBR());

export { z };
