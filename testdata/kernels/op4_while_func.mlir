// tf.While over functions of the module: a counted loop (i < n, n an argument: 0, 1, 7, 13 or negative
// iterations) updating x = x * 0.5 + 1, and a data-dependent loop halving x while max(|x|) >= 1
// (inputs up to 1e4: up to 14 iterations; NaN and empty inputs stop at once).
module {
  func.func @test(%arg0: tensor<i32>, %arg1: tensor<?xf32>, %arg2: tensor<?x?xf32>) -> (tensor<i32>, tensor<?xf32>, tensor<i32>, tensor<?x?xf32>) {
    %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %0:3 = "tf.While"(%cst, %arg0, %arg1) {body = @body_affine, cond = @cond_less, device = "", is_stateless = true, parallel_iterations = 10 : i64, shape_invariant} : (tensor<i32>, tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>)
    %1:2 = "tf.While"(%cst, %arg2) {body = @body_halve, cond = @cond_big, device = "", is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<?x?xf32>) -> (tensor<i32>, tensor<?x?xf32>)
    func.return %0#0, %0#2, %1#0, %1#1 : tensor<i32>, tensor<?xf32>, tensor<i32>, tensor<?x?xf32>
  }
  func.func private @cond_less(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?xf32>) -> tensor<i1> {
    %0 = "tf.Less"(%arg0, %arg1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    func.return %0 : tensor<i1>
  }
  func.func private @body_affine(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>) {
    %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.AddV2"(%arg0, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst_0 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
    %1 = "tf.Mul"(%arg2, %cst_0) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %cst_1 = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %2 = "tf.AddV2"(%1, %cst_1) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    func.return %0, %arg1, %2 : tensor<i32>, tensor<i32>, tensor<?xf32>
  }
  func.func private @cond_big(%arg0: tensor<i32>, %arg1: tensor<?x?xf32>) -> tensor<i1> {
    %0 = "tf.Abs"(%arg1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %cst = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
    %1 = "tf.Max"(%0, %cst) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
    %cst_0 = "tf.Const"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %2 = "tf.GreaterEqual"(%1, %cst_0) {device = ""} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    func.return %2 : tensor<i1>
  }
  func.func private @body_halve(%arg0: tensor<i32>, %arg1: tensor<?x?xf32>) -> (tensor<i32>, tensor<?x?xf32>) {
    %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.AddV2"(%arg0, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %cst_0 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
    %1 = "tf.Mul"(%arg1, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    func.return %0, %1 : tensor<i32>, tensor<?x?xf32>
  }
}
