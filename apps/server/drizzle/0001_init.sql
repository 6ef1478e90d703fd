CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "helps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "campaign_shippings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_shippings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"contact_list_item_id" integer,
	"contact_id" integer,
	"number" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"confirmation_message" text DEFAULT '' NOT NULL,
	"confirmation" boolean,
	"confirmation_requested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text,
	"connection_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"connection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"message1" text DEFAULT '' NOT NULL,
	"message2" text DEFAULT '' NOT NULL,
	"message3" text DEFAULT '' NOT NULL,
	"message4" text DEFAULT '' NOT NULL,
	"message5" text DEFAULT '' NOT NULL,
	"confirmation_message1" text DEFAULT '' NOT NULL,
	"confirmation_message2" text DEFAULT '' NOT NULL,
	"confirmation_message3" text DEFAULT '' NOT NULL,
	"confirmation_message4" text DEFAULT '' NOT NULL,
	"confirmation_message5" text DEFAULT '' NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"chat_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unreads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_members_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"chat_id" integer NOT NULL,
	"sender_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"media_path" text,
	"media_name" text,
	"media_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"owner_id" integer,
	"last_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"plan_id" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"due_date" date NOT NULL,
	"recurrence" text DEFAULT 'MENSAL' NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"number_attendants" integer DEFAULT 1 NOT NULL,
	"number_connections" integer DEFAULT 1 NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"referrer_company_id" integer,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"detail" text NOT NULL,
	"users" integer NOT NULL,
	"connections" integer NOT NULL,
	"queues" integer NOT NULL,
	"value_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_at" timestamp with time zone,
	"provider_txid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baileys_keys" (
	"connection_id" integer NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "baileys_keys_connection_id_type_key_id_pk" PRIMARY KEY("connection_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "baileys_sessions" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"creds" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_queues" (
	"connection_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "connection_queues_connection_id_queue_id_pk" PRIMARY KEY("connection_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT 'beta' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"rating_message" text DEFAULT '' NOT NULL,
	"max_use_bot_queues" integer DEFAULT 3 NOT NULL,
	"max_use_bot_queues_nps" integer DEFAULT 3 NOT NULL,
	"expires_ticket" integer DEFAULT 0 NOT NULL,
	"expires_ticket_nps" integer DEFAULT 0 NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"group_as_ticket" text DEFAULT 'disabled' NOT NULL,
	"time_use_bot_queues" integer DEFAULT 0 NOT NULL,
	"time_send_queue" integer DEFAULT 0 NOT NULL,
	"send_id_queue" integer,
	"expires_inactive_message" text DEFAULT '' NOT NULL,
	"time_inactive_message" integer DEFAULT 0 NOT NULL,
	"inactive_message" text DEFAULT '' NOT NULL,
	"when_expires_ticket" text DEFAULT '0' NOT NULL,
	"time_create_new_ticket" integer DEFAULT 0 NOT NULL,
	"greeting_media_attachment" text,
	"import_recent_messages" timestamp with time zone,
	"import_old_messages" timestamp with time zone,
	"import_old_messages_groups" boolean DEFAULT false NOT NULL,
	"closed_tickets_post_imported" boolean DEFAULT false NOT NULL,
	"status_import_messages" timestamp with time zone,
	"integration_id" integer,
	"prompt_id" integer,
	"wavoip" text DEFAULT '' NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facebook_user_id" text,
	"facebook_page_user_id" text,
	"access_token" text,
	"phone_number_id" text,
	"waba_id" text,
	"instagram_account_id" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_list_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_list_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_whatsapp_valid" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"connection_id" integer,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"contact_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"email" text DEFAULT '' NOT NULL,
	"profile_pic_url" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"disable_bot" boolean DEFAULT false NOT NULL,
	"accept_audio_message" boolean DEFAULT true NOT NULL,
	"lgpd_accepted_at" timestamp with time zone,
	"picture_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_list_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_list_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"file_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"media_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"json_content" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"typebot_slug" text DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" text DEFAULT '' NOT NULL,
	"typebot_keyword_restart" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"connection_id" integer,
	"user_id" integer,
	"external_id" text,
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"failed_reason" text,
	"kind" text DEFAULT 'chat' NOT NULL,
	"media_path" text,
	"media_type" text,
	"media_name" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"is_forwarded" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"quoted_message_id" bigint,
	"participant" text,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"users" integer DEFAULT 1 NOT NULL,
	"connections" integer DEFAULT 1 NOT NULL,
	"queues" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"use_whatsapp" boolean DEFAULT true NOT NULL,
	"use_facebook" boolean DEFAULT true NOT NULL,
	"use_instagram" boolean DEFAULT true NOT NULL,
	"use_campaigns" boolean DEFAULT true NOT NULL,
	"use_schedules" boolean DEFAULT true NOT NULL,
	"use_internal_chat" boolean DEFAULT true NOT NULL,
	"use_external_api" boolean DEFAULT true NOT NULL,
	"use_kanban" boolean DEFAULT true NOT NULL,
	"use_open_ai" boolean DEFAULT true NOT NULL,
	"use_integrations" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plantao_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plantao_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"plantao_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "plantao_days_weekday_check" CHECK ("plantao_days"."weekday" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "plantoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plantoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prompts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"voice" text DEFAULT 'texto' NOT NULL,
	"voice_key" text DEFAULT '' NOT NULL,
	"voice_region" text DEFAULT '' NOT NULL,
	"max_tokens" integer DEFAULT 100 NOT NULL,
	"temperature" real DEFAULT 1 NOT NULL,
	"api_key" text NOT NULL,
	"queue_id" integer,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chatbots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chatbots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"queue_type" text DEFAULT 'text' NOT NULL,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"opt_queue_id" integer,
	"opt_user_id" integer,
	"opt_integration_id" integer,
	"opt_file_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"order_queue" integer DEFAULT 0 NOT NULL,
	"ativar_roteador" boolean DEFAULT false NOT NULL,
	"tempo_roteador" integer DEFAULT 0 NOT NULL,
	"integration_id" integer,
	"file_list_id" integer,
	"prompt_id" integer,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quick_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"shortcode" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"media_path" text,
	"media_name" text,
	"user_id" integer,
	"geral" boolean DEFAULT false NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"is_category" boolean DEFAULT false NOT NULL,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"contact_id" integer NOT NULL,
	"ticket_id" integer,
	"user_id" integer,
	"connection_id" integer,
	"media_path" text,
	"media_name" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#5C6BC0' NOT NULL,
	"kanban" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_cycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_cycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"connection_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"queued_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"first_reply_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"cycle_id" integer NOT NULL,
	"user_id" integer,
	"rate" integer NOT NULL,
	"scale" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"ticket_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_id_pk" PRIMARY KEY("ticket_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" integer NOT NULL,
	"connection_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"integration_id" integer,
	"prompt_id" integer,
	"typebot_session_id" text,
	"typebot_status" boolean DEFAULT false NOT NULL,
	"chatbot_option_id" integer,
	"amount_used_bot_queues" integer DEFAULT 0 NOT NULL,
	"amount_used_bot_queues_nps" integer DEFAULT 0 NOT NULL,
	"chatbot_at" timestamp with time zone,
	"out_of_hours_sent_at" timestamp with time zone,
	"lgpd_sent_at" timestamp with time zone,
	"send_inactive_message" boolean DEFAULT false NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"next_notify_at" timestamp with time zone,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_from_me" boolean DEFAULT false NOT NULL,
	"waiting_since" timestamp with time zone,
	"first_reply_at" timestamp with time zone,
	"last_customer_message_at" timestamp with time zone,
	"last_agent_message_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_queues" (
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "user_queues_user_id_queue_id_pk" PRIMARY KEY("user_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"start_work" text DEFAULT '00:00' NOT NULL,
	"end_work" text DEFAULT '23:59' NOT NULL,
	"farewell_message" text DEFAULT '' NOT NULL,
	"all_ticket" text DEFAULT 'disable' NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"default_theme" text DEFAULT 'light' NOT NULL,
	"default_menu" text DEFAULT 'open' NOT NULL,
	"wpp" text DEFAULT '' NOT NULL,
	"whatsapp_id" integer,
	"profile_image" text,
	"show_dashboard" text DEFAULT 'disabled' NOT NULL,
	"allow_real_time" text DEFAULT 'disabled' NOT NULL,
	"allow_connections" text DEFAULT 'disabled' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"color" text DEFAULT '#5C6BC0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webchat_visitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webchat_visitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"visitor_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_contact_list_item_id_fk" FOREIGN KEY ("contact_list_item_id") REFERENCES "public"."contact_list_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tag_list_id_tags_id_fk" FOREIGN KEY ("tag_list_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baileys_keys" ADD CONSTRAINT "baileys_keys_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baileys_sessions" ADD CONSTRAINT "baileys_sessions_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baileys_sessions" ADD CONSTRAINT "baileys_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queues" ADD CONSTRAINT "connection_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_send_id_queue_queues_id_fk" FOREIGN KEY ("send_id_queue") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_file_list_id_file_lists_id_fk" FOREIGN KEY ("file_list_id") REFERENCES "public"."file_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_quoted_message_id_messages_id_fk" FOREIGN KEY ("quoted_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantao_days" ADD CONSTRAINT "plantao_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantao_days" ADD CONSTRAINT "plantao_days_plantao_id_plantoes_id_fk" FOREIGN KEY ("plantao_id") REFERENCES "public"."plantoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantoes" ADD CONSTRAINT "plantoes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantoes" ADD CONSTRAINT "plantoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_parent_id_chatbots_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_queue_id_queues_id_fk" FOREIGN KEY ("opt_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_user_id_users_id_fk" FOREIGN KEY ("opt_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_integration_id_queue_integrations_id_fk" FOREIGN KEY ("opt_integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_file_id_file_lists_id_fk" FOREIGN KEY ("opt_file_id") REFERENCES "public"."file_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_file_list_id_file_lists_id_fk" FOREIGN KEY ("file_list_id") REFERENCES "public"."file_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_category_id_quick_messages_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."quick_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cycles" ADD CONSTRAINT "ticket_cycles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cycles" ADD CONSTRAINT "ticket_cycles_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cycles" ADD CONSTRAINT "ticket_cycles_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cycles" ADD CONSTRAINT "ticket_cycles_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_cycles" ADD CONSTRAINT "ticket_cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_cycle_id_ticket_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."ticket_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_chatbot_option_id_chatbots_id_fk" FOREIGN KEY ("chatbot_option_id") REFERENCES "public"."chatbots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_visitors" ADD CONSTRAINT "webchat_visitors_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "helps_title_key" ON "helps" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shippings_campaign_item_key" ON "campaign_shippings" USING btree ("campaign_id","contact_list_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shippings_campaign_contact_key" ON "campaign_shippings" USING btree ("campaign_id","contact_id") WHERE "campaign_shippings"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_shippings_item_idx" ON "campaign_shippings" USING btree ("contact_list_item_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_status_scheduled_idx" ON "campaigns" USING btree ("company_id","status","scheduled_at");--> statement-breakpoint
CREATE INDEX "chat_members_user_idx" ON "chat_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_created_idx" ON "chat_messages" USING btree ("chat_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chats_uuid_key" ON "chats" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "chats_company_updated_idx" ON "chats" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_plan_idx" ON "companies" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_due_key" ON "invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_txid_key" ON "invoices" USING btree ("provider_txid");--> statement-breakpoint
CREATE INDEX "connection_queues_queue_idx" ON "connection_queues" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_key" ON "connections" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_company_default_key" ON "connections" USING btree ("company_id") WHERE "connections"."is_default";--> statement-breakpoint
CREATE INDEX "connections_company_channel_idx" ON "connections" USING btree ("company_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_list_items_list_number_key" ON "contact_list_items" USING btree ("contact_list_id","number");--> statement-breakpoint
CREATE INDEX "contact_lists_company_name_idx" ON "contact_lists" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contact_custom_fields_contact_idx" ON "contact_custom_fields" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_company_kind_value_key" ON "contact_identities" USING btree ("company_id","kind","value");--> statement-breakpoint
CREATE INDEX "contact_identities_contact_idx" ON "contact_identities" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_channel_number_key" ON "contacts" USING btree ("company_id","channel","number") WHERE "contacts"."number" is not null;--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "file_list_options_list_idx" ON "file_list_options" USING btree ("file_list_id");--> statement-breakpoint
CREATE INDEX "file_lists_company_name_idx" ON "file_lists" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "queue_integrations_company_name_idx" ON "queue_integrations" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_connection_external_key" ON "messages" USING btree ("connection_id","external_id") WHERE "messages"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_ticket_created_idx" ON "messages" USING btree ("ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id") WHERE "messages"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_quoted_idx" ON "messages" USING btree ("quoted_message_id") WHERE "messages"."quoted_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_key" ON "plans" USING btree ("name");--> statement-breakpoint
CREATE INDEX "plantao_days_plantao_idx" ON "plantao_days" USING btree ("plantao_id");--> statement-breakpoint
CREATE INDEX "plantoes_company_user_idx" ON "plantoes" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "prompts_company_name_idx" ON "prompts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "chatbots_queue_parent_position_idx" ON "chatbots" USING btree ("queue_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_key" ON "queues" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_key" ON "queues" USING btree ("company_id","color");--> statement-breakpoint
CREATE INDEX "quick_messages_company_shortcode_idx" ON "quick_messages" USING btree ("company_id","shortcode");--> statement-breakpoint
CREATE INDEX "schedules_company_send_idx" ON "schedules" USING btree ("company_id","send_at");--> statement-breakpoint
CREATE INDEX "schedules_contact_idx" ON "schedules" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "schedules_pending_send_idx" ON "schedules" USING btree ("send_at") WHERE "schedules"."status" = 'PENDENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_key" ON "tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_created_idx" ON "ticket_cycles" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_cycles_company_user_created_idx" ON "ticket_cycles" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_cycles_ticket_idx" ON "ticket_cycles" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_logs_ticket_created_idx" ON "ticket_logs" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_notes_contact_idx" ON "ticket_notes" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_ratings_cycle_key" ON "ticket_ratings" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "ticket_ratings_ticket_idx" ON "ticket_ratings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_ratings_company_created_idx" ON "ticket_ratings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "ticket_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_key" ON "tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_company_contact_connection_active_key" ON "tickets" USING btree ("company_id","contact_id","connection_id") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tickets_company_queue_status_updated_idx" ON "tickets" USING btree ("company_id","queue_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_updated_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "user_queues_queue_idx" ON "user_queues" USING btree ("queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "users_online_seen_idx" ON "users" USING btree ("last_seen_at") WHERE "users"."online";--> statement-breakpoint
CREATE INDEX "users_wpp_idx" ON "users" USING btree ("wpp");--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_visitors_connection_visitor_key" ON "webchat_visitors" USING btree ("connection_id","visitor_id");