/**
 * Source material of the demo catalog: over-the-counter categories with base items in English and
 * Spanish, their sizes and a typical price. `catalog.ts` combines them with brands into products.
 * Brands and companies are invented.
 */

export interface BaseItem {
  en: string;
  es: string;
  /** Sizes such as "100 ct", "8 fl oz", "1 kit". */
  sizes: string[];
  /** Price of the first size, in cents. */
  priceCents: number;
  useEn: string;
  useEs: string;
}

export interface CategoryData {
  slug: string;
  en: string;
  es: string;
  color: string;
  items: BaseItem[];
}

const item = (
  en: string,
  es: string,
  sizes: string[],
  priceCents: number,
  useEn: string,
  useEs: string,
): BaseItem => ({ en, es, sizes, priceCents, useEn, useEs });

export const CATEGORY_DATA: CategoryData[] = [
  {
    slug: 'pain-relief',
    en: 'Pain Relief',
    es: 'Alivio del dolor',
    color: '#dc2626',
    items: [
      item('Ibuprofen 200 mg tablets', 'Ibuprofeno 200 mg tabletas', ['24 ct', '50 ct', '100 ct'], 499, 'Temporarily relieves minor aches and pains and reduces fever.', 'Alivia temporalmente dolores leves y reduce la fiebre.'),
      item('Acetaminophen 500 mg caplets', 'Acetaminofén 500 mg comprimidos', ['24 ct', '100 ct', '225 ct'], 549, 'Extra strength relief of headache, muscle aches and fever.', 'Alivio extra fuerte del dolor de cabeza, dolores musculares y fiebre.'),
      item('Naproxen sodium 220 mg tablets', 'Naproxeno sódico 220 mg tabletas', ['24 ct', '100 ct'], 699, 'Up to 12 hours of relief from minor arthritis pain.', 'Hasta 12 horas de alivio del dolor leve de artritis.'),
      item('Aspirin 81 mg low dose chewable tablets', 'Aspirina 81 mg dosis baja tabletas masticables', ['36 ct', '120 ct'], 399, 'Low dose aspirin, orange flavor. Use as directed by your doctor.', 'Aspirina de dosis baja, sabor naranja. Úsela según las indicaciones de su médico.'),
      item('Pain relieving gel with menthol', 'Gel analgésico con mentol', ['3 oz', '5 oz'], 799, 'Cooling relief for sore muscles, joints and back.', 'Alivio refrescante para músculos, articulaciones y espalda adoloridos.'),
      item('Lidocaine 4% pain relief patches', 'Parches analgésicos de lidocaína al 4%', ['5 ct', '15 ct'], 1099, 'Numbs away localized pain for up to 8 hours.', 'Adormece el dolor localizado hasta por 8 horas.'),
      item('Heat wraps for lower back', 'Compresas de calor para la espalda baja', ['2 ct', '4 ct'], 899, 'Air-activated heat for up to 16 hours of relief.', 'Calor activado por aire hasta por 16 horas de alivio.'),
      item('Children\'s acetaminophen oral suspension', 'Acetaminofén infantil suspensión oral', ['4 fl oz'], 699, 'Cherry flavored fever reducer and pain reliever for children.', 'Reductor de fiebre y analgésico infantil con sabor a cereza.'),
    ],
  },
  {
    slug: 'cold-flu',
    en: 'Cold and Flu',
    es: 'Resfriado y gripe',
    color: '#2563eb',
    items: [
      item('Daytime cold and flu relief liquid gels', 'Cápsulas líquidas para el resfriado y la gripe de día', ['16 ct', '24 ct'], 899, 'Non-drowsy relief of cough, congestion, sore throat and fever.', 'Alivio sin somnolencia de tos, congestión, dolor de garganta y fiebre.'),
      item('Nighttime cold and flu syrup', 'Jarabe nocturno para el resfriado y la gripe', ['8 fl oz', '12 fl oz'], 999, 'Relieves cold symptoms so you can rest.', 'Alivia los síntomas del resfriado para que pueda descansar.'),
      item('Honey lemon cough drops', 'Pastillas para la tos de miel y limón', ['30 ct', '80 ct'], 299, 'Soothes sore throat and calms cough.', 'Calma el dolor de garganta y la tos.'),
      item('Dextromethorphan cough suppressant syrup', 'Jarabe antitusivo de dextrometorfano', ['4 fl oz', '8 fl oz'], 799, 'Controls cough for up to 12 hours.', 'Controla la tos hasta por 12 horas.'),
      item('Guaifenesin 600 mg extended-release tablets', 'Guaifenesina 600 mg tabletas de liberación prolongada', ['20 ct', '40 ct'], 1199, 'Thins and loosens mucus to relieve chest congestion.', 'Adelgaza y afloja la mucosidad para aliviar la congestión del pecho.'),
      item('Saline nasal spray', 'Aerosol nasal salino', ['1.5 fl oz', '3 fl oz'], 399, 'Moisturizes dry nasal passages, drug free.', 'Humecta las fosas nasales secas, sin medicamentos.'),
      item('Vapor chest rub', 'Ungüento de vapor para el pecho', ['1.76 oz', '3.53 oz'], 649, 'Medicated vapors for cough relief.', 'Vapores medicinales para aliviar la tos.'),
      item('Zinc cold remedy lozenges', 'Pastillas de zinc para el resfriado', ['25 ct'], 749, 'Homeopathic lozenges to shorten colds.', 'Pastillas homeopáticas para acortar el resfriado.'),
    ],
  },
  {
    slug: 'allergy',
    en: 'Allergy',
    es: 'Alergia',
    color: '#ca8a04',
    items: [
      item('Loratadine 10 mg tablets', 'Loratadina 10 mg tabletas', ['30 ct', '90 ct'], 899, 'Non-drowsy 24-hour allergy relief.', 'Alivio de la alergia por 24 horas sin somnolencia.'),
      item('Cetirizine 10 mg tablets', 'Cetirizina 10 mg tabletas', ['14 ct', '45 ct', '90 ct'], 799, 'Relief of sneezing, runny nose and itchy, watery eyes.', 'Alivio de estornudos, secreción nasal y ojos llorosos con picazón.'),
      item('Fexofenadine 180 mg tablets', 'Fexofenadina 180 mg tabletas', ['30 ct', '70 ct'], 1499, '24-hour non-drowsy indoor and outdoor allergy relief.', 'Alivio de alergias de interior y exterior por 24 horas sin somnolencia.'),
      item('Diphenhydramine 25 mg allergy tablets', 'Difenhidramina 25 mg tabletas para la alergia', ['24 ct', '100 ct'], 449, 'Relieves allergy symptoms and itching.', 'Alivia los síntomas de alergia y la picazón.'),
      item('Fluticasone allergy nasal spray', 'Aerosol nasal de fluticasona para la alergia', ['60 sprays', '120 sprays'], 1399, 'Relieves nasal allergy symptoms for 24 hours.', 'Alivia los síntomas nasales de alergia por 24 horas.'),
      item('Allergy eye drops', 'Gotas para los ojos contra la alergia', ['0.17 fl oz'], 1299, 'Relieves itchy eyes due to pollen, pet dander and grass.', 'Alivia la picazón de ojos por polen, caspa de mascotas y pasto.'),
    ],
  },
  {
    slug: 'vitamins',
    en: 'Vitamins and Supplements',
    es: 'Vitaminas y suplementos',
    color: '#ea580c',
    items: [
      item('Vitamin C 1000 mg tablets', 'Vitamina C 1000 mg tabletas', ['100 ct', '250 ct'], 899, 'Supports a healthy immune system.', 'Ayuda a mantener un sistema inmunitario saludable.'),
      item('Vitamin D3 2000 IU softgels', 'Vitamina D3 2000 UI cápsulas blandas', ['100 ct', '240 ct'], 799, 'Supports bone, teeth and immune health.', 'Favorece la salud de huesos, dientes y del sistema inmunitario.'),
      item('Adult multivitamin tablets', 'Multivitamínico para adultos tabletas', ['100 ct', '200 ct'], 1099, 'Complete daily multivitamin with minerals.', 'Multivitamínico diario completo con minerales.'),
      item('Calcium 600 mg with vitamin D tablets', 'Calcio 600 mg con vitamina D tabletas', ['60 ct', '120 ct'], 949, 'Helps maintain strong bones.', 'Ayuda a mantener huesos fuertes.'),
      item('Fish oil 1200 mg omega-3 softgels', 'Aceite de pescado 1200 mg omega-3 cápsulas blandas', ['60 ct', '120 ct'], 1299, 'Supports heart health.', 'Favorece la salud del corazón.'),
      item('Vitamin B12 1000 mcg tablets', 'Vitamina B12 1000 mcg tabletas', ['60 ct', '150 ct'], 699, 'Supports energy metabolism.', 'Favorece el metabolismo energético.'),
      item('Magnesium 250 mg tablets', 'Magnesio 250 mg tabletas', ['100 ct'], 649, 'Supports muscle and nerve function.', 'Favorece la función muscular y nerviosa.'),
      item('Iron 65 mg tablets', 'Hierro 65 mg tabletas', ['100 ct'], 599, 'Supports healthy red blood cells.', 'Favorece la formación de glóbulos rojos sanos.'),
      item('Adult 50+ multivitamin gummies', 'Multivitamínico en gomitas para mayores de 50', ['70 ct', '150 ct'], 1199, 'Mixed fruit gummies for adults over 50.', 'Gomitas de frutas mixtas para adultos mayores de 50 años.'),
    ],
  },
  {
    slug: 'first-aid',
    en: 'First Aid',
    es: 'Primeros auxilios',
    color: '#e11d48',
    items: [
      item('Flexible fabric adhesive bandages', 'Vendas adhesivas flexibles de tela', ['30 ct', '100 ct'], 449, 'Flexible protection that moves with you.', 'Protección flexible que se mueve con usted.'),
      item('Triple antibiotic ointment', 'Ungüento antibiótico triple', ['0.5 oz', '1 oz'], 599, 'First aid to help prevent infection in minor cuts.', 'Primeros auxilios para ayudar a prevenir infecciones en cortes leves.'),
      item('Hydrogen peroxide 3% solution', 'Solución de peróxido de hidrógeno al 3%', ['16 fl oz', '32 fl oz'], 199, 'First aid antiseptic for minor cuts and scrapes.', 'Antiséptico de primeros auxilios para cortes y raspaduras leves.'),
      item('Sterile gauze pads 4 x 4 in', 'Gasas estériles de 4 x 4 pulgadas', ['10 ct', '25 ct'], 549, 'Absorbent pads for wound care.', 'Gasas absorbentes para el cuidado de heridas.'),
      item('Elastic bandage wrap 3 in', 'Venda elástica de 3 pulgadas', ['1 ct'], 499, 'Support for sprains and strains.', 'Soporte para esguinces y torceduras.'),
      item('First aid kit', 'Botiquín de primeros auxilios', ['1 kit'], 1999, 'Essential supplies for home, car and travel.', 'Suministros esenciales para el hogar, el auto y los viajes.'),
      item('Isopropyl alcohol 70%', 'Alcohol isopropílico al 70%', ['16 fl oz'], 249, 'Antiseptic for minor cuts and skin preparation.', 'Antiséptico para cortes leves y preparación de la piel.'),
      item('Hydrocolloid blister bandages', 'Vendas hidrocoloides para ampollas', ['6 ct', '12 ct'], 699, 'Cushions and heals blisters.', 'Amortigua y ayuda a sanar las ampollas.'),
    ],
  },
  {
    slug: 'oral-care',
    en: 'Oral Care',
    es: 'Cuidado bucal',
    color: '#0891b2',
    items: [
      item('Fluoride toothpaste for sensitive teeth', 'Pasta dental con flúor para dientes sensibles', ['4 oz', '2 x 4 oz'], 549, 'Relieves tooth sensitivity and fights cavities.', 'Alivia la sensibilidad dental y combate las caries.'),
      item('Antiseptic mouthwash', 'Enjuague bucal antiséptico', ['16.9 fl oz', '33.8 fl oz'], 599, 'Kills germs that cause bad breath and plaque.', 'Elimina los gérmenes que causan mal aliento y placa.'),
      item('Soft bristle toothbrushes', 'Cepillos dentales de cerdas suaves', ['2 ct', '4 ct'], 399, 'Gentle cleaning for gums and teeth.', 'Limpieza suave para encías y dientes.'),
      item('Waxed dental floss', 'Hilo dental encerado', ['55 yd', '2 x 55 yd'], 349, 'Removes plaque between teeth.', 'Elimina la placa entre los dientes.'),
      item('Denture adhesive cream', 'Crema adhesiva para dentaduras', ['2.4 oz'], 699, 'All-day hold for dentures.', 'Fijación de dentaduras durante todo el día.'),
      item('Denture cleansing tablets', 'Tabletas limpiadoras para dentaduras', ['40 ct', '90 ct'], 549, 'Kills odor-causing bacteria on dentures.', 'Elimina las bacterias que causan mal olor en las dentaduras.'),
      item('Oral pain relief gel with benzocaine', 'Gel para el dolor bucal con benzocaína', ['0.25 oz'], 749, 'Fast relief of toothache and mouth sores.', 'Alivio rápido del dolor de muelas y llagas bucales.'),
    ],
  },
  {
    slug: 'eye-ear',
    en: 'Eye and Ear Care',
    es: 'Cuidado de ojos y oídos',
    color: '#7c3aed',
    items: [
      item('Lubricant eye drops', 'Gotas lubricantes para los ojos', ['0.33 fl oz', '2 x 0.33 fl oz'], 899, 'Long-lasting relief of dry, irritated eyes.', 'Alivio duradero de ojos secos e irritados.'),
      item('Redness relief eye drops', 'Gotas para aliviar el enrojecimiento de los ojos', ['0.5 fl oz'], 649, 'Relieves redness of the eye due to minor irritation.', 'Alivia el enrojecimiento del ojo por irritación leve.'),
      item('Reading glasses +1.50', 'Lentes de lectura +1.50', ['1 ct', '3 ct'], 1299, 'Lightweight readers with spring hinges.', 'Lentes de lectura ligeros con bisagras de resorte.'),
      item('Earwax removal drops', 'Gotas para eliminar la cera de los oídos', ['0.5 fl oz'], 699, 'Softens and loosens excess earwax.', 'Ablanda y afloja el exceso de cera en los oídos.'),
      item('Soft foam earplugs', 'Tapones de espuma suave para los oídos', ['10 pairs', '40 pairs'], 449, 'Blocks noise for sleep and work.', 'Bloquea el ruido para dormir y trabajar.'),
      item('Eye wash solution', 'Solución para lavado de ojos', ['4 fl oz'], 599, 'Cleanses and soothes the eye.', 'Limpia y calma el ojo.'),
      item('Hearing aid batteries size 312', 'Baterías para audífonos tamaño 312', ['8 ct', '24 ct'], 999, 'Long-lasting zinc air batteries.', 'Baterías de zinc-aire de larga duración.'),
    ],
  },
  {
    slug: 'digestive',
    en: 'Digestive Health',
    es: 'Salud digestiva',
    color: '#16a34a',
    items: [
      item('Antacid chewable tablets', 'Tabletas masticables antiácidas', ['96 ct', '160 ct'], 599, 'Fast relief of heartburn and acid indigestion.', 'Alivio rápido de la acidez estomacal y la indigestión.'),
      item('Omeprazole 20 mg delayed-release tablets', 'Omeprazol 20 mg tabletas de liberación retardada', ['14 ct', '42 ct'], 1299, 'Treats frequent heartburn, 24-hour relief.', 'Trata la acidez frecuente, alivio de 24 horas.'),
      item('Famotidine 20 mg tablets', 'Famotidina 20 mg tabletas', ['25 ct', '50 ct'], 999, 'Prevents and relieves heartburn.', 'Previene y alivia la acidez estomacal.'),
      item('Loperamide 2 mg anti-diarrheal caplets', 'Loperamida 2 mg comprimidos antidiarreicos', ['12 ct', '24 ct'], 649, 'Controls symptoms of diarrhea.', 'Controla los síntomas de la diarrea.'),
      item('Fiber therapy powder', 'Fibra en polvo', ['15 oz', '30 oz'], 1099, 'Psyllium fiber for regularity.', 'Fibra de psyllium para la regularidad.'),
      item('Probiotic capsules', 'Cápsulas probióticas', ['30 ct', '60 ct'], 1899, 'Supports digestive balance.', 'Favorece el equilibrio digestivo.'),
      item('Stool softener 100 mg softgels', 'Ablandador de heces 100 mg cápsulas blandas', ['60 ct', '100 ct'], 549, 'Gentle, stimulant-free relief.', 'Alivio suave sin estimulantes.'),
      item('Gas relief simethicone 125 mg softgels', 'Simeticona 125 mg para los gases cápsulas blandas', ['30 ct', '72 ct'], 749, 'Relieves bloating and pressure.', 'Alivia la hinchazón y la presión.'),
    ],
  },
  {
    slug: 'diabetes-care',
    en: 'Diabetes Care',
    es: 'Cuidado de la diabetes',
    color: '#0d9488',
    items: [
      item('Blood glucose test strips', 'Tiras reactivas de glucosa en sangre', ['50 ct', '100 ct'], 1999, 'For use with compatible glucose meters.', 'Para usar con medidores de glucosa compatibles.'),
      item('Blood glucose meter kit', 'Kit de medidor de glucosa en sangre', ['1 kit'], 2499, 'Easy to read results in 5 seconds.', 'Resultados fáciles de leer en 5 segundos.'),
      item('Thin lancets 30 gauge', 'Lancetas delgadas calibre 30', ['100 ct', '200 ct'], 699, 'For comfortable blood sampling.', 'Para una toma de muestra de sangre cómoda.'),
      item('Glucose tablets, orange', 'Tabletas de glucosa, naranja', ['10 ct', '50 ct'], 549, 'Fast-acting glucose for low blood sugar.', 'Glucosa de acción rápida para el azúcar bajo en sangre.'),
      item('Diabetic crew socks', 'Calcetines para diabéticos', ['2 pairs', '4 pairs'], 1299, 'Non-binding top and cushioned sole.', 'Puño que no aprieta y planta acolchada.'),
      item('Diabetic foot cream', 'Crema para pies de diabéticos', ['4 oz'], 799, 'Moisturizes very dry, cracked feet.', 'Hidrata los pies muy secos y agrietados.'),
      item('Sharps disposal container', 'Contenedor para desechar objetos punzantes', ['1 qt'], 599, 'Safe disposal of lancets and needles.', 'Desecho seguro de lancetas y agujas.'),
    ],
  },
  {
    slug: 'home-health-monitors',
    en: 'Home Health Monitors',
    es: 'Monitores de salud en casa',
    color: '#4f46e5',
    items: [
      item('Upper arm blood pressure monitor', 'Monitor de presión arterial de brazo', ['1 ct'], 3999, 'Clinically validated readings with memory for two users.', 'Lecturas validadas clínicamente con memoria para dos usuarios.'),
      item('Wrist blood pressure monitor', 'Monitor de presión arterial de muñeca', ['1 ct'], 2999, 'Compact monitor for travel.', 'Monitor compacto para viajar.'),
      item('Digital oral thermometer', 'Termómetro digital oral', ['1 ct'], 899, 'Fast, accurate readings in 10 seconds.', 'Lecturas rápidas y precisas en 10 segundos.'),
      item('Fingertip pulse oximeter', 'Oxímetro de pulso de dedo', ['1 ct'], 2499, 'Displays oxygen saturation and pulse rate.', 'Muestra la saturación de oxígeno y el pulso.'),
      item('Forehead infrared thermometer', 'Termómetro infrarrojo de frente', ['1 ct'], 2999, 'No-touch readings in one second.', 'Lecturas sin contacto en un segundo.'),
      item('Digital bathroom scale', 'Báscula de baño digital', ['1 ct'], 2499, 'Large display, up to 400 lb.', 'Pantalla grande, hasta 400 libras.'),
    ],
  },
  {
    slug: 'incontinence',
    en: 'Incontinence',
    es: 'Incontinencia',
    color: '#64748b',
    items: [
      item('Adult protective underwear, maximum absorbency, medium', 'Ropa interior protectora para adultos, máxima absorción, mediana', ['18 ct', '36 ct'], 1499, 'Discreet protection with odor control.', 'Protección discreta con control de olores.'),
      item('Adult protective underwear, maximum absorbency, large', 'Ropa interior protectora para adultos, máxima absorción, grande', ['16 ct', '32 ct'], 1499, 'Discreet protection with odor control.', 'Protección discreta con control de olores.'),
      item('Bladder control pads, moderate', 'Toallas para control de vejiga, moderadas', ['30 ct', '60 ct'], 999, 'Thin pads that lock in moisture.', 'Toallas delgadas que retienen la humedad.'),
      item('Disposable underpads 30 x 30 in', 'Protectores desechables de 30 x 30 pulgadas', ['10 ct', '25 ct'], 1299, 'Protects beds and furniture.', 'Protege camas y muebles.'),
      item('Adult washcloths, unscented', 'Toallitas para adultos, sin perfume', ['48 ct', '96 ct'], 699, 'Gentle cleansing for sensitive skin.', 'Limpieza suave para piel sensible.'),
      item('Male guards', 'Protectores masculinos', ['52 ct'], 1199, 'Contoured protection for men.', 'Protección anatómica para hombres.'),
    ],
  },
  {
    slug: 'skin-care',
    en: 'Skin Care',
    es: 'Cuidado de la piel',
    color: '#db2777',
    items: [
      item('Hydrocortisone 1% anti-itch cream', 'Crema de hidrocortisona al 1% contra la picazón', ['1 oz', '2 oz'], 549, 'Relieves itching from rashes and insect bites.', 'Alivia la picazón por sarpullido y picaduras de insectos.'),
      item('Broad spectrum sunscreen SPF 50 lotion', 'Protector solar de amplio espectro FPS 50 loción', ['3 fl oz', '8 fl oz'], 899, 'Water resistant for 80 minutes.', 'Resistente al agua por 80 minutos.'),
      item('Fragrance-free moisturizing lotion', 'Loción humectante sin perfume', ['8 fl oz', '16 fl oz'], 799, '24-hour hydration for dry skin.', 'Hidratación por 24 horas para piel seca.'),
      item('Petroleum jelly skin protectant', 'Vaselina protectora para la piel', ['3.75 oz', '13 oz'], 399, 'Protects and heals dry, cracked skin.', 'Protege y ayuda a sanar la piel seca y agrietada.'),
      item('Antifungal clotrimazole 1% cream', 'Crema antimicótica de clotrimazol al 1%', ['0.5 oz', '1 oz'], 699, 'Cures athlete\'s foot and ringworm.', 'Cura el pie de atleta y la tiña.'),
      item('Calamine lotion', 'Loción de calamina', ['6 fl oz'], 449, 'Dries the oozing of poison ivy.', 'Seca la supuración por hiedra venenosa.'),
      item('Lip balm SPF 15', 'Bálsamo labial FPS 15', ['2 ct', '4 ct'], 349, 'Protects and soothes dry lips.', 'Protege y calma los labios secos.'),
      item('Aloe vera after-sun gel', 'Gel de aloe vera para después del sol', ['8 oz', '16 oz'], 599, 'Cools and soothes sunburned skin.', 'Refresca y calma la piel quemada por el sol.'),
    ],
  },
  {
    slug: 'sleep',
    en: 'Sleep Aids',
    es: 'Ayuda para dormir',
    color: '#1e3a8a',
    items: [
      item('Melatonin 5 mg tablets', 'Melatonina 5 mg tabletas', ['60 ct', '120 ct'], 599, 'Helps you fall asleep faster.', 'Le ayuda a conciliar el sueño más rápido.'),
      item('Diphenhydramine 25 mg nighttime sleep aid caplets', 'Difenhidramina 25 mg comprimidos para dormir', ['32 ct', '96 ct'], 549, 'Helps reduce difficulty falling asleep.', 'Ayuda a reducir la dificultad para conciliar el sueño.'),
      item('Doxylamine 25 mg sleep aid tablets', 'Doxilamina 25 mg tabletas para dormir', ['32 ct'], 699, 'Nighttime sleep aid, non-habit forming.', 'Ayuda para dormir de noche, no crea hábito.'),
      item('Melatonin 3 mg gummies', 'Melatonina 3 mg gomitas', ['60 ct', '120 ct'], 899, 'Strawberry flavored sleep support.', 'Apoyo para el sueño con sabor a fresa.'),
      item('Contoured sleep mask', 'Antifaz para dormir anatómico', ['1 ct'], 999, 'Blocks light without pressure on the eyes.', 'Bloquea la luz sin presionar los ojos.'),
    ],
  },
  {
    slug: 'personal-care',
    en: 'Personal Care',
    es: 'Cuidado personal',
    color: '#9333ea',
    items: [
      item('Hand sanitizer gel with aloe', 'Gel desinfectante para manos con aloe', ['8 fl oz', '33.8 fl oz'], 349, 'Kills 99.9% of germs.', 'Elimina el 99.9% de los gérmenes.'),
      item('Unscented antiperspirant stick', 'Antitranspirante en barra sin perfume', ['2.6 oz'], 499, '48-hour protection.', 'Protección por 48 horas.'),
      item('Cotton swabs', 'Hisopos de algodón', ['300 ct', '500 ct'], 299, 'Soft cotton tips for everyday use.', 'Puntas de algodón suave para uso diario.'),
      item('Disposable face masks', 'Mascarillas desechables', ['10 ct', '50 ct'], 699, 'Three-layer protection.', 'Protección de tres capas.'),
      item('Nitrile exam gloves, medium', 'Guantes de examen de nitrilo, medianos', ['100 ct'], 1199, 'Latex-free, powder-free gloves.', 'Guantes sin látex y sin polvo.'),
      item('Pill organizer, 7 day', 'Organizador de pastillas de 7 días', ['1 ct'], 499, 'Large compartments, easy to open.', 'Compartimentos grandes, fáciles de abrir.'),
      item('Compression socks 15-20 mmHg', 'Calcetines de compresión 15-20 mmHg', ['1 pair', '3 pairs'], 1499, 'Improves circulation and reduces swelling.', 'Mejora la circulación y reduce la hinchazón.'),
    ],
  },
  {
    slug: 'mobility-support',
    en: 'Mobility and Support',
    es: 'Movilidad y soporte',
    color: '#b45309',
    items: [
      item('Adjustable folding cane', 'Bastón plegable ajustable', ['1 ct'], 2299, 'Lightweight aluminum with a comfort grip.', 'Aluminio ligero con empuñadura cómoda.'),
      item('Knee support brace', 'Rodillera de soporte', ['1 ct'], 1599, 'Compression and support for weak knees.', 'Compresión y soporte para rodillas débiles.'),
      item('Wrist support brace', 'Muñequera de soporte', ['1 ct'], 1299, 'Stabilizes the wrist, fits left or right.', 'Estabiliza la muñeca, se ajusta a izquierda o derecha.'),
      item('Back support belt', 'Faja de soporte lumbar', ['1 ct'], 2499, 'Support for lifting and posture.', 'Soporte para levantar peso y para la postura.'),
      item('Reacher grabber tool 32 in', 'Pinza para alcanzar objetos de 32 pulgadas', ['1 ct'], 1399, 'Pick up items without bending.', 'Recoja objetos sin agacharse.'),
      item('Gel shoe insoles', 'Plantillas de gel para zapatos', ['1 pair'], 1099, 'All-day cushioning for feet.', 'Amortiguación todo el día para los pies.'),
    ],
  },
];

/** Invented brands: [brand, manufacturer]. */
export const BRANDS: [string, string][] = [
  ['CareWell', 'CareWell Consumer Health Inc.'],
  ['HealthMate', 'Meridian Wellness Labs'],
  ['Vitalis', 'Vitalis Nutrition Co.'],
  ['PureRelief', 'Bluestone Pharma LLC'],
  ['DailyCare', 'Northfield Health Products'],
  ['Sunvale', 'Sunvale Laboratories'],
  ['MediBasics', 'Harborline Medical Supply'],
  ['Evercalm', 'Evercalm Health Corp.'],
  ['Clearpath', 'Clearpath Consumer Brands'],
  ['Nova Health', 'Nova Health Manufacturing'],
  ['GoodNeighbor', 'Redwood Pharmacy Brands'],
  ['Brightday', 'Brightday Products Inc.'],
];

/** Spanish form of a size: "100 ct" -> "100 unidades", "1 ct" -> "1 unidad", "8 fl oz" -> "8 oz líq.". */
export function sizeEs(size: string): string {
  return size
    .replace(/^1 ct\b/, '1 unidad')
    .replace(/\bct\b/, 'unidades')
    .replace(/\bfl oz\b/, 'oz líq.')
    .replace(/\bpairs\b/, 'pares')
    .replace(/\bpair\b/, 'par')
    .replace(/\bsprays\b/, 'aplicaciones')
    .replace(/\bkit\b/, 'kit')
    .replace(/\byd\b/, 'yd')
    .replace(/\bqt\b/, 'cuarto de galón');
}
