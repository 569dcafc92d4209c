ALTER TABLE "exchange_products" ADD COLUMN "requisites" jsonb DEFAULT '{}'::jsonb NOT NULL;
