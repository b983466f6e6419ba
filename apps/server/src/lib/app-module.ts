import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConstraintSentences } from '../db/constraint-sentences';

/**
 * What one server module brings to the app, declared once in `modules/<area>/<area>.module.ts`
 * and listed in `modules/index.ts` (docs/architecture.md "How to add a resource"): its routes
 * under /api, the sentences of its tables' named constraints, and anything it serves outside /api.
 */
export type AppModule = {
  /** Registered in this order under `/api`; one module may serve several prefixes. */
  routes: readonly { prefix: string; plugin: FastifyPluginAsyncZod }[];
  /** Its tables' constraint sentences (db/schema/<area>.ts), answered by plugins/errors.ts. */
  constraints?: ConstraintSentences;
  /** Registered on the root app after /api (the notifications socket). */
  register?: (app: FastifyInstance) => Promise<void>;
};

/** Every registered module's constraint sentences, by constraint name (a name declared twice is a mistake). */
export const constraintsOf = (modules: readonly AppModule[]): ConstraintSentences => {
  const all: ConstraintSentences = {};
  for (const module of modules) {
    for (const [name, sentence] of Object.entries(module.constraints ?? {})) {
      if (name in all) throw new Error(`Constraint ${name} has a sentence in two modules.`);
      all[name] = sentence;
    }
  }
  return all;
};
