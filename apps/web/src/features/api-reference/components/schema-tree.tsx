import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import type { JsonSchema, OpenApiDocument } from '../api/openapi.ts';
import { constraintsOf, resolveSchema, typeName, variantsOf } from '../utils/openapi-model.ts';

const MAX_DEPTH = 6;

/** The object schema whose fields a node shows: itself, its array items, or its only non-null variant. */
function fieldsOf(doc: OpenApiDocument, schema: JsonSchema): JsonSchema | null {
  const { variants } = variantsOf(doc, schema);
  if (variants.length !== 1) return null;
  const v = resolveSchema(doc, variants[0]);
  if (v.properties && Object.keys(v.properties).length > 0) return v;
  if (v.type === 'array' && v.items) return fieldsOf(doc, v.items);
  if (v.allOf?.length === 1) return fieldsOf(doc, v.allOf[0]!);
  return null;
}

function FieldRow({
  doc,
  name,
  schema,
  required,
  depth,
}: {
  doc: OpenApiDocument;
  name: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
}) {
  const { t } = useTranslation('apiReference');
  const resolved = resolveSchema(doc, schema);
  const { variants } = variantsOf(doc, resolved);
  const inner = variants.length === 1 ? resolveSchema(doc, variants[0]) : resolved;
  const nested = depth < MAX_DEPTH ? fieldsOf(doc, resolved) : null;
  const alternatives =
    variants.length > 1 && depth < MAX_DEPTH ? variants.filter((v) => fieldsOf(doc, v)) : [];
  const description = resolved.description ?? inner.description;
  const constraints = constraintsOf(inner);
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <code className="font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">{name}</code>
        <span className="font-mono text-xs text-brand-700 dark:text-brand-300">
          {typeName(doc, resolved)}
        </span>
        <span
          className={cn(
            'text-[11px] font-medium uppercase tracking-wide',
            required ? 'text-red-600 dark:text-red-400' : 'text-slate-400 dark:text-slate-500',
          )}
        >
          {required ? t('required') : t('optional')}
        </span>
        {constraints.length > 0 && (
          <span className="text-xs text-slate-500 dark:text-slate-400">{constraints.join(' · ')}</span>
        )}
      </div>
      {description && <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      {nested && <Fields doc={doc} schema={nested} depth={depth + 1} />}
      {alternatives.length > 0 && (
        <div className="mt-1">
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('oneOf')}</p>
          {alternatives.map((v) => (
            <Fields key={JSON.stringify(v)} doc={doc} schema={fieldsOf(doc, v)!} depth={depth + 1} />
          ))}
        </div>
      )}
    </li>
  );
}

function Fields({ doc, schema, depth }: { doc: OpenApiDocument; schema: JsonSchema; depth: number }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  return (
    <ul
      className={cn(
        'divide-y divide-slate-100 dark:divide-white/5',
        depth > 0 && 'mt-1 border-l-2 border-slate-200 pl-4 dark:border-white/10',
      )}
    >
      {entries.map(([name, prop]) => (
        <FieldRow
          key={name}
          doc={doc}
          name={name}
          schema={prop}
          required={required.has(name)}
          depth={depth}
        />
      ))}
    </ul>
  );
}

/** A schema as a readable tree of fields: name, type, required or not, constraints, description. */
export function SchemaTree({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema | undefined }) {
  const { t } = useTranslation('apiReference');
  if (!schema) return null;
  const fields = fieldsOf(doc, schema);
  if (!fields) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <span className="font-mono text-xs text-brand-700 dark:text-brand-300">{typeName(doc, schema)}</span>
        {constraintsOf(resolveSchema(doc, schema)).length > 0 &&
          ` · ${constraintsOf(resolveSchema(doc, schema)).join(' · ')}`}
        {!resolveSchema(doc, schema).type && !resolveSchema(doc, schema).anyOf && ` ${t('noFields')}`}
      </p>
    );
  }
  return <Fields doc={doc} schema={fields} depth={0} />;
}
