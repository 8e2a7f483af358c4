// Power iteration in a tf.While: A = M M^T (MatMul, transpose_b), then n times v = A v / |A v| (ExpandDims,
// MatMul, Squeeze, Square, Sum, Sqrt, RealDiv) in the body function, and the Rayleigh quotient v . A v.
module {
  func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<i32>) -> (tensor<?xf32>, tensor<f32>) {
    %0 = "tf.MatMul"(%arg0, %arg0) {device = "", transpose_a = false, transpose_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %1:4 = "tf.While"(%cst, %arg2, %0, %arg1) {body = @power_body, cond = @power_cond, device = "", is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<?x?xf32>, tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?x?xf32>, tensor<?xf32>)
    %cst_0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %2 = "tf.ExpandDims"(%1#3, %cst_0) {device = ""} : (tensor<?xf32>, tensor<i32>) -> tensor<?x1xf32>
    %3 = "tf.MatMul"(%0, %2) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
    %4 = "tf.Squeeze"(%3) {device = "", squeeze_dims = [1]} : (tensor<?x1xf32>) -> tensor<?xf32>
    %5 = "tf.Mul"(%1#3, %4) {device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %cst_1 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
    %6 = "tf.Sum"(%5, %cst_1) {device = "", keep_dims = false} : (tensor<?xf32>, tensor<1xi32>) -> tensor<f32>
    func.return %1#3, %6 : tensor<?xf32>, tensor<f32>
  }
  func.func private @power_cond(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?xf32>) -> tensor<i1> {
    %0 = "tf.Less"(%arg0, %arg1) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    func.return %0 : tensor<i1>
  }
  func.func private @power_body(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?xf32>) -> (tensor<i32>, tensor<i32>, tensor<?x?xf32>, tensor<?xf32>) {
    %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.AddV2"(%arg0, %cst) {device = ""} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = "tf.ExpandDims"(%arg3, %cst) {device = ""} : (tensor<?xf32>, tensor<i32>) -> tensor<?x1xf32>
    %2 = "tf.MatMul"(%arg2, %1) {device = "", transpose_a = false, transpose_b = false} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x1xf32>
    %3 = "tf.Squeeze"(%2) {device = "", squeeze_dims = [1]} : (tensor<?x1xf32>) -> tensor<?xf32>
    %4 = "tf.Square"(%3) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    %cst_0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
    %5 = "tf.Sum"(%4, %cst_0) {device = "", keep_dims = false} : (tensor<?xf32>, tensor<1xi32>) -> tensor<f32>
    %6 = "tf.Sqrt"(%5) {device = ""} : (tensor<f32>) -> tensor<f32>
    %7 = "tf.RealDiv"(%3, %6) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    func.return %0, %arg1, %arg2, %7 : tensor<i32>, tensor<i32>, tensor<?x?xf32>, tensor<?xf32>
  }
}
