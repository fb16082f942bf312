-- Documents administrators write and publish (requirements §3, §7 "Catalogues"): the terms of use among them.
-- Removing is soft (deleted_at), so nothing is lost by a slip.
CREATE TABLE documents (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL,
  content text NOT NULL,
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- The first terms of use, published so that sign-up can link to them; administrators edit them later.
INSERT INTO documents (id, name, content, published_at) VALUES (
  'terms-of-use-and-conditions',
  'Términos de uso y aviso de privacidad',
  '<h2>Términos de uso</h2>
<p>Aula es la plataforma de cursos en línea del centro de estudios. Al crear una cuenta aceptas estos términos y el aviso de privacidad que sigue.</p>
<h3>1. Tu cuenta</h3>
<ul>
<li>Registra tu cuenta con datos verdaderos y un correo electrónico que sea tuyo.</li>
<li>Tu contraseña es personal: no la compartas. Si sospechas que alguien la conoce, cámbiala desde <em>Configuración › Seguridad</em> y cierra la sesión en todos tus dispositivos.</li>
<li>Eres responsable de lo que se haga con tu cuenta.</li>
</ul>
<h3>2. Uso de los cursos</h3>
<ul>
<li>Los cursos, sus materiales y evaluaciones son para tu aprendizaje personal durante el periodo de tu suscripción.</li>
<li>No copies, vendas ni distribuyas los materiales sin permiso de sus autores.</li>
<li>Los certificados se emiten a nombre de la persona que presentó las evaluaciones; presentarlas por otra persona invalida el certificado.</li>
</ul>
<h3>3. Convivencia</h3>
<p>Trata con respeto a docentes, personal y compañeros. El centro puede suspender cuentas que se usen para acosar, suplantar identidades o dañar la plataforma.</p>
<h3>4. Cambios</h3>
<p>Podemos actualizar estos términos; la versión vigente siempre está publicada en esta página con su fecha de publicación.</p>
<h2>Aviso de privacidad</h2>
<h3>Qué datos tratamos</h3>
<ul>
<li>Tu nombre y correo electrónico, para identificarte y enviarte códigos de verificación.</li>
<li>Tus suscripciones, avances y resultados de evaluación, para mostrarte tu progreso y emitir certificados.</li>
<li>Los dispositivos desde los que inicias sesión (tipo de navegador y última dirección IP), para que puedas revisarlos y proteger tu cuenta.</li>
</ul>
<h3>Para qué los usamos</h3>
<p>Solo para prestarte el servicio educativo, mantener la seguridad de la plataforma y cumplir obligaciones legales. No vendemos tus datos.</p>
<h3>Tus derechos</h3>
<p>Puedes consultar y corregir tu nombre desde <em>Configuración › Perfil</em>, y pedir al centro de estudios el acceso, la rectificación, la cancelación u oposición al tratamiento de tus datos a través de <em>Configuración › Soporte</em>.</p>
<h3>Cookies</h3>
<p>Usamos el almacenamiento del navegador para mantener tu sesión, tu idioma y tus preferencias de diseño, y una cookie que recuerda que aceptaste este aviso.</p>',
  now()
);
