// Diagnostics of the forwarding ops of internal/lower/forward.go (tf.Identity and its kin): operand and result
// counts (IdentityN's result i is its operand i), element types (CheckNumerics takes floats only), its
// message attribute, and declared result types that contradict the operand.

func.func @check_numerics_of_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.CheckNumerics' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.CheckNumerics"(%x) {message = "x"} : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @check_numerics_message(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.CheckNumerics' op message must be a string, got 3}}
  %0 = "tf.CheckNumerics"(%x) {message = 3 : i64} : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @identity_two_operands(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Identity' op requires 1 operands, got 2}}
  %0 = "tf.Identity"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @identity_n_counts(%x: tensor<3xf32>, %y: tensor<2xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.IdentityN' op has 2 operands but 1 results; result i is operand i}}
  %0 = "tf.IdentityN"(%x, %y) : (tensor<3xf32>, tensor<2xi32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @identity_n_types(%x: tensor<3xf32>, %y: tensor<2xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.IdentityN' op result #1 is declared tensor<2xf32>, but operand #1 is tensor<2xi32>: element type i32 vs f32}}
  %0:2 = "tf.IdentityN"(%x, %y) : (tensor<3xf32>, tensor<2xi32>) -> (tensor<3xf32>, tensor<2xf32>)
  func.return %0#0 : tensor<3xf32>
}

// -----

func.func @snapshot_shape(%x: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tf.Snapshot' op result #0 is declared tensor<4xf32>, but operand #0 is tensor<3xf32>: dim 0 is 3 vs 4}}
  %0 = "tf.Snapshot"(%x) : (tensor<3xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @stop_gradient_refines(%x: tensor<?xf32>) -> tensor<3xf32> {
  %0 = "tf.StopGradient"(%x) : (tensor<?xf32>) -> tensor<3xf32>
  %1 = "tf.PreventGradient"(%0) {message = "no"} : (tensor<3xf32>) -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
