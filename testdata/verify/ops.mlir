// Expected verifier diagnostics: cases are split by `// -----`; each
// expected-error annotation names a diagnostic on the line it points at.

func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tf.Addv2' op is not supported by sandjit; did you mean 'tf.AddV2'?}}
  %0 = "tf.Addv2"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @known_unsupported(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tf.Sort' op is not supported by sandjit yet}}
  %0 = "tf.Sort"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %0 : tensor<4x4xf32>
}

// -----

func.func @betainc_shapes(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %x: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{Shapes of a and b are inconsistent: [2,3] vs. [3]}}
  %0 = "tf.Betainc"(%a, %b, %x) : (tensor<2x3xf32>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @no_suggestion(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mydialect.frobnicate' op is not supported by sandjit}}
  %0 = "mydialect.frobnicate"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @bad_broadcast(%x: tensor<2x3xf32>, %y: tensor<4x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{Incompatible shapes: [2,3] vs. [4,3]}}
  %0 = "tf.AddV2"(%x, %y) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}

// -----

func.func @mixed_elements(%x: tensor<3xf32>, %y: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{requires the same element type for all operands, got tensor<3xf32> and tensor<3xi32>}}
  %0 = "tf.Mul"(%x, %y) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @exp_of_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.Exp' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.Exp"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @logical_of_float(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.LogicalAnd' op operand #0 must be a tensor of i1 values}}
  %0 = "tf.LogicalAnd"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @bitwise_of_float(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.BitwiseXor' op operand #0 must be a tensor of i8}}
  %0 = "tf.BitwiseXor"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @operand_count(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Neg' op requires 1 operands, got 2}}
  %0 = "tf.Neg"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @result_count(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Neg' op requires one result, got 2}}
  %0:2 = "tf.Neg"(%x) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<3xf32>
}

// -----

func.func @declared_shape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{inferred type tensor<2x3xf32> is incompatible with the declared result type tensor<3x2xf32>: dim 0 is 2 vs 3}}
  %0 = "tf.Abs"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @declared_element(%x: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{inferred type tensor<3xf32> is incompatible with the declared result type tensor<3xi1>: element type f32 vs i1}}
  %0 = "tf.Abs"(%x) : (tensor<3xf32>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @compare_declared_f32(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{element type i1 vs f32}}
  %0 = "tf.Less"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @return_type(%x: tensor<3xf32>) -> tensor<4xf32> {
  %0 = "tf.Abs"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{'func.return' op type of return operand 0 (tensor<3xf32>) doesn't match function result type (tensor<4xf32>): dim 0 is 3 vs 4}}
  func.return %0 : tensor<3xf32>
}

// -----

func.func @return_count(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function @return_count returns 2}}
  func.return %x : tensor<3xf32>
}

// -----

func.func @const_without_value() -> tensor<f32> {
  // expected-error @+1 {{'tf.Const' op requires a 'value' attribute holding a dense<…> constant}}
  %0 = "tf.Const"() {dtype = f32} : () -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @two_errors(%x: tensor<3xf32>, %b: tensor<3xi1>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Frob' op is not supported}}
  %0 = "tf.Frob"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{'tf.Tanh' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi1>}}
  %1 = "tf.Tanh"(%b) : (tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @band_part_bounds(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %lo = "tf.Const"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %hi = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{num_lower must be negative or less or equal to number of rows (2) got: 3}}
  %0 = "tf.MatrixBandPart"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @linspace_num(%a: tensor<f32>, %b: tensor<f32>) -> tensor<?xf32> {
  %n = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{Requires num > 0: 0}}
  %0 = "tf.LinSpace"(%a, %b, %n) : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @top_k_too_large(%x: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xi32>) {
  %k = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{input must have at least k columns. Had 3, needed 4}}
  %0:2 = "tf.TopKV2"(%x, %k) : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
  func.return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xi32>
}

// -----

func.func @top_k_negative(%x: tensor<2x3xf32>) -> (tensor<2x?xf32>, tensor<2x?xi32>) {
  %k = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{Need k >= 0, got -1}}
  %0:2 = "tf.TopKV2"(%x, %k) : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  func.return %0#0, %0#1 : tensor<2x?xf32>, tensor<2x?xi32>
}

// -----

func.func @top_k_forms(%s: tensor<f32>, %x: tensor<3xf32>, %b: tensor<3xi1>, %kv: tensor<1xi32>) -> () {
  %k = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{input must be >= 1-D, got shape tensor<f32>}}
  %0:2 = "tf.TopKV2"(%s, %k) : (tensor<f32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xi32>)
  // expected-error @+1 {{k must be 0-D, got shape tensor<1xi32>}}
  %1:2 = "tf.TopKV2"(%x, %kv) : (tensor<3xf32>, tensor<1xi32>) -> (tensor<?xf32>, tensor<?xi32>)
  // expected-error @+1 {{operand #0 must be a tensor of}}
  %2:2 = "tf.TopKV2"(%b, %k) : (tensor<3xi1>, tensor<i32>) -> (tensor<1xi1>, tensor<1xi32>)
  // expected-error @+1 {{result #1 (indices) must be i32, got tensor<1xi64>}}
  %3:2 = "tf.TopKV2"(%x, %k) : (tensor<3xf32>, tensor<i32>) -> (tensor<1xf32>, tensor<1xi64>)
  func.return
}

// -----

func.func @addn_mixed_types(%x: tensor<3xf32>, %y: tensor<3xf64>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.AddN' op requires the same element type for all operands, got tensor<3xf32> and tensor<3xf64>}}
  %0 = "tf.AddN"(%x, %y) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @addn_shapes(%x: tensor<2x3xf32>, %y: tensor<?x2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tf.AddN' op inputs must have the same size and shape: input 0: [2,3] != input 2: [?,2]}}
  %0 = "tf.AddN"(%x, %x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<?x2xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @addn_ranks(%x: tensor<3xi32>, %y: tensor<1x3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.AddN' op inputs must have the same size and shape: input 0: [3] != input 1: [1,3]}}
  %0 = "tf.AddN"(%x, %y) : (tensor<3xi32>, tensor<1x3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @addn_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.AddN' op operand #0 must be a tensor of}}
  %0 = "tf.AddN"(%x, %x) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @addn_none() -> tensor<3xf32> {
  // expected-error @+1 {{'tf.AddN' op requires at least 1 operand}}
  %0 = "tf.AddN"() : () -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
