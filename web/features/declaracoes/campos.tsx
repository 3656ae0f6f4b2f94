import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { LIMITES, MASCARAS } from '#common/campos-pessoais.ts';

/**
 * Form fields of the declarations, bound to react-hook-form: a label, the input (masked where the spec
 * gives a mask), and the field's own message beside it. Text is trimmed on blur; UFs are upper-cased and
 * e-mails lower-cased as they are typed (docs/produto/minha-conta.md §5).
 */

interface PropsBase<T extends FieldValues> {
  controle: Control<T>;
  nome: Path<T>;
  rotulo: string;
  dica?: ReactNode;
  opcional?: boolean;
  className?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
}

function Rotulo({ id, rotulo, opcional }: { id: string; rotulo: string; opcional?: boolean }) {
  return (
    <label htmlFor={id}>
      {rotulo}
      {opcional ? <span className="campo-opcional"> (opcional)</span> : null}
    </label>
  );
}

/** The message shows once the worker has touched or changed the field, or the field came filled and wrong. */
function useCampo<T extends FieldValues>(controle: Control<T>, nome: Path<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control: controle, name: nome });
  const valor = typeof field.value === 'string' ? field.value : '';
  const erro = fieldState.error?.message;
  const visivel = erro && (fieldState.isTouched || fieldState.isDirty || valor !== '') ? erro : undefined;
  return { id, field, valor, erro: visivel };
}

function Mensagens({ id, erro, dica }: { id: string; erro?: string; dica?: ReactNode }) {
  return (
    <>
      {dica ? (
        <span id={`${id}-dica`} className="campo-dica">
          {dica}
        </span>
      ) : null}
      {erro ? (
        <span id={`${id}-erro`} className="campo-erro" role="alert">
          {erro}
        </span>
      ) : null}
    </>
  );
}

function descritoPor(id: string, erro?: string, dica?: ReactNode): string | undefined {
  const ids = [dica ? `${id}-dica` : '', erro ? `${id}-erro` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

type Caixa = 'maiusculas' | 'minusculas';

export function CampoTexto<T extends FieldValues>(
  props: PropsBase<T> & { maximo?: number; caixa?: Caixa; tipo?: 'text' | 'email' | 'tel' },
) {
  const { id, field, valor, erro } = useCampo(props.controle, props.nome);
  const converter = (v: string) =>
    props.caixa === 'maiusculas'
      ? v.toLocaleUpperCase('pt-BR')
      : props.caixa === 'minusculas'
        ? v.toLocaleLowerCase('pt-BR')
        : v;
  return (
    <div className={`campo ${props.className ?? ''}`}>
      <Rotulo id={id} rotulo={props.rotulo} opcional={props.opcional} />
      <input
        id={id}
        name={field.name}
        ref={field.ref}
        type={props.tipo ?? 'text'}
        value={valor}
        maxLength={props.maximo}
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        autoCapitalize={props.caixa === 'minusculas' ? 'none' : undefined}
        spellCheck={false}
        aria-invalid={erro ? true : undefined}
        aria-describedby={descritoPor(id, erro, props.dica)}
        onChange={(e) => field.onChange(converter(e.target.value))}
        onBlur={() => {
          if (valor !== valor.trim()) field.onChange(valor.trim());
          field.onBlur();
        }}
      />
      <Mensagens id={id} erro={erro} dica={props.dica} />
    </div>
  );
}

/**
 * A masked field (react-imask). `semMascaraNoValor`: the form holds only the digits (CPF, RG, PIS);
 * otherwise the value keeps the mask's characters (dates, phone).
 */
export function CampoMascara<T extends FieldValues>(
  props: PropsBase<T> & { mascara: string; semMascaraNoValor?: boolean },
) {
  const { id, field, valor, erro } = useCampo(props.controle, props.nome);
  return (
    <div className={`campo ${props.className ?? ''}`}>
      <Rotulo id={id} rotulo={props.rotulo} opcional={props.opcional} />
      <IMaskInput
        id={id}
        name={field.name}
        inputRef={field.ref}
        mask={props.mascara}
        unmask={props.semMascaraNoValor === true}
        value={valor}
        lazy
        autoComplete={props.autoComplete ?? 'off'}
        inputMode={props.inputMode ?? 'numeric'}
        placeholder={props.placeholder}
        aria-invalid={erro ? true : undefined}
        aria-describedby={descritoPor(id, erro, props.dica)}
        onAccept={(v: unknown) => field.onChange(String(v ?? ''))}
        onBlur={field.onBlur}
      />
      <Mensagens id={id} erro={erro} dica={props.dica} />
    </div>
  );
}

/** A state (UF): two letters, upper-cased as typed. */
export function CampoUf<T extends FieldValues>(props: PropsBase<T>) {
  const { id, field, valor, erro } = useCampo(props.controle, props.nome);
  return (
    <div className={`campo campo-uf ${props.className ?? ''}`}>
      <Rotulo id={id} rotulo={props.rotulo} />
      <IMaskInput
        id={id}
        name={field.name}
        inputRef={field.ref}
        mask={/^[A-Za-z]{0,2}$/}
        prepareChar={(c: string) => c.toLocaleUpperCase('pt-BR')}
        value={valor}
        autoComplete="off"
        autoCapitalize="characters"
        placeholder={props.placeholder ?? 'PE'}
        aria-invalid={erro ? true : undefined}
        aria-describedby={descritoPor(id, erro, props.dica)}
        onAccept={(v: unknown) => field.onChange(String(v ?? '').toLocaleUpperCase('pt-BR'))}
        onBlur={field.onBlur}
      />
      <Mensagens id={id} erro={erro} dica={props.dica} />
    </div>
  );
}

/** A value the worker cannot change here (CPF, birth date), shown like a field. */
export function CampoSomenteLeitura({
  rotulo,
  valor,
  dica,
}: {
  rotulo: string;
  valor: string;
  dica?: string;
}) {
  const id = useId();
  return (
    <div className="campo">
      <label htmlFor={id}>{rotulo}</label>
      <input
        id={id}
        value={valor}
        readOnly
        className="campo-leitura"
        aria-describedby={dica ? `${id}-dica` : undefined}
      />
      {dica ? (
        <span id={`${id}-dica`} className="campo-dica">
          {dica}
        </span>
      ) : null}
    </div>
  );
}

/** The RG fields both flows ask for; their labels and widths are each form's own. */
export function CamposRg<
  T extends FieldValues & Record<'rgNumero' | 'rgOrgaoExp' | 'rgUF' | 'rgEmissao', string>,
>({
  controle,
  rotulos,
  classes,
}: {
  controle: Control<T>;
  rotulos: { numero: string; orgao: string; uf: string; emissao: string };
  classes: { numero: string; emissao: string };
}) {
  return (
    <>
      <CampoMascara
        controle={controle}
        nome={'rgNumero' as Path<T>}
        rotulo={rotulos.numero}
        mascara={MASCARAS.rgNumero}
        semMascaraNoValor
        className={classes.numero}
      />
      <CampoTexto
        controle={controle}
        nome={'rgOrgaoExp' as Path<T>}
        rotulo={rotulos.orgao}
        maximo={LIMITES.rgOrgaoExp}
        placeholder="SDS"
        className="m-2 d-3"
      />
      <CampoUf controle={controle} nome={'rgUF' as Path<T>} rotulo={rotulos.uf} className="m-1 d-2" />
      <CampoMascara
        controle={controle}
        nome={'rgEmissao' as Path<T>}
        rotulo={rotulos.emissao}
        mascara={MASCARAS.data}
        placeholder="dd/mm/aaaa"
        className={classes.emissao}
      />
    </>
  );
}

/** E-mail and phone, both optional (docs/produto/minha-conta.md §5), as both flows ask for them. */
export function CamposContato<T extends FieldValues & Record<'email' | 'telefone', string>>({
  controle,
}: {
  controle: Control<T>;
}) {
  return (
    <>
      <CampoTexto
        controle={controle}
        nome={'email' as Path<T>}
        rotulo="E-mail"
        opcional
        maximo={LIMITES.email}
        caixa="minusculas"
        inputMode="email"
        autoComplete="email"
        placeholder="nome@provedor.com.br"
        className="d-7"
      />
      <CampoMascara
        controle={controle}
        nome={'telefone' as Path<T>}
        rotulo="Telefone"
        opcional
        mascara={MASCARAS.telefone}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(81) 98765-4321"
        className="d-5"
      />
    </>
  );
}
