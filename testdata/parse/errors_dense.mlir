// Dense literals whose elements do not fit their type.

func.func @shape_mismatch() -> tensor<3xi32> {
  // expected-error @+1 {{inferred shape of dense literal [2] does not match type tensor<3xi32>}}
  %0 = "tf.Const"() {value = dense<[1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @ragged() -> tensor<2x2xi32> {
  // expected-error @+1 {{dense literal lists at the same level have different lengths (2 and 1)}}
  %0 = "tf.Const"() {value = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @mixed() -> tensor<2x2xi32> {
  // expected-error @+1 {{dense literal mixes lists and scalars at the same level}}
  %0 = "tf.Const"() {value = dense<[[1, 2], 3]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @elem_range() -> tensor<2xi8> {
  // expected-error @+1 {{integer value -129: value is out of range for i8}}
  %0 = "tf.Const"() {value = dense<[1, -129]> : tensor<2xi8>} : () -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @float_for_int() -> tensor<2xi32> {
  // expected-error @+1 {{float element 1.5 for element type i32}}
  %0 = "tf.Const"() {value = dense<[1.5, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @bool_for_float() -> tensor<2xf32> {
  // expected-error @+1 {{boolean element true for element type f32}}
  %0 = "tf.Const"() {value = dense<[true, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @int_for_bool() -> tensor<2xi1> {
  // expected-error @+1 {{expected true or false for an i1 element, found 2}}
  %0 = "tf.Const"() {value = dense<[true, 2]> : tensor<2xi1>} : () -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @blob_size() -> tensor<3xf32> {
  // expected-error @+1 {{dense hex literal has 8 bytes; tensor<3xf32> needs 12}}
  %0 = "tf.Const"() {value = dense<"0x0000803F0000803F"> : tensor<3xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dynamic() -> tensor<?xf32> {
  // expected-error @+1 {{the type of a dense literal must have a static shape, found 'tensor<?xf32>'}}
  %0 = "tf.Const"() {value = dense<[1.0]> : tensor<?xf32>} : () -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @empty_nonzero() -> tensor<2xf32> {
  // expected-error @+1 {{empty dense literal for tensor<2xf32>, which has 2 elements}}
  %0 = "tf.Const"() {value = dense<> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @strings() -> tensor<2xf32> {
  // expected-error @+1 {{string elements for tensor<2xf32>}}
  %0 = "tf.Const"() {value = dense<["a", "b"]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @string_type() -> tensor<2xf32> {
  // expected-error @+1 {{unsupported element type '!tf_type.string'}}
  %0 = "tf.Const"() {value = dense<["a", "b"]> : tensor<2x!tf_type.string>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rank0_list() -> tensor<f32> {
  // expected-error @+1 {{inferred shape of dense literal [1] does not match type tensor<f32>}}
  %0 = "tf.Const"() {value = dense<[1.0]> : tensor<f32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @f16_range() -> tensor<f16> {
  // expected-error @+1 {{value 70000.0 is out of range for f16}}
  %0 = "tf.Const"() {value = dense<70000.0> : tensor<f16>} : () -> tensor<f16>
  return %0 : tensor<f16>
}

// -----

func.func @non_tensor_type() -> tensor<f32> {
  // expected-error @+1 {{the type of a dense literal must be a tensor type, found 'f32'}}
  %0 = "tf.Const"() {value = dense<1.0> : f32} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bad_hex_digit() -> tensor<f32> {
  // expected-error @+1 {{invalid hex digit in dense hex literal}}
  %0 = "tf.Const"() {value = dense<"0x0000803G"> : tensor<f32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @complex_for_real() -> tensor<2xf32> {
  // expected-error @+1 {{complex elements for tensor<2xf32>}}
  %0 = "tf.Const"() {value = dense<[(1.0,0.0), (2.0,0.0)]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @real_for_complex() -> tensor<2xcomplex<f64>> {
  // expected-error @+1 {{expected a complex element (re, im) for tensor<2xcomplex<f64>>, found 2.0}}
  %0 = "tf.Const"() {value = dense<[(1.0,0.0), 2.0]> : tensor<2xcomplex<f64>>} : () -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}
