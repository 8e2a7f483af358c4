// Attribute values out of range or unsupported.

func.func @i8_range(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{integer value 300: value is out of range for i8}}
  %0 = "tf.Foo"(%arg0) {x = 300 : i8} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @unsigned(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{negative value for an unsigned integer type}}
  %0 = "tf.Foo"(%arg0) {x = -1 : ui8} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @decimal_float(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unexpected decimal integer literal 1 for a float value}}
  %0 = "tf.Foo"(%arg0) {x = 1 : f32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @float_range(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{value 1.0e39 is out of range for f32}}
  %0 = "tf.Foo"(%arg0) {x = 1.0e39 : f32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @hex_width(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{hexadecimal bit pattern 0x1FFFFFFFF is too wide for f32}}
  %0 = "tf.Foo"(%arg0) {x = 0x1FFFFFFFF : f32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @big_int(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{integer literal 99999999999999999999 is out of range}}
  %0 = "tf.Foo"(%arg0) {x = 99999999999999999999} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @resource(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unsupported attribute 'dense_resource<blob1> : tensor<4xf32>'}}
  %0 = "tf.Const"() {value = dense_resource<blob1> : tensor<4xf32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @tf32_attr(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unsupported attribute type 'tf32'}}
  %0 = "tf.Foo"(%arg0) {x = 1.0 : tf32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @wide_int(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{integer types wider than 64 bits (i128) are not supported}}
  %0 = "tf.Foo"(%arg0) {x = 1 : i128} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bare_word(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected an attribute value, found 'inf'}}
  %0 = "tf.Foo"(%arg0) {x = inf} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @array_elem(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{integer value 70000: value is out of range for i16}}
  %0 = "tf.Foo"(%arg0) {x = array<i16: 1, 70000>} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @arith_scalar() -> tensor<f32> {
  // expected-error @+1 {{'arith.constant' op only dense tensor constants are supported, found 1.0 : f32}}
  %0 = arith.constant 1.0 : f32
  %1 = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  return %1 : tensor<f32>
}
