ALTER TABLE "clients" drop column "search_text";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, '')), 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);
