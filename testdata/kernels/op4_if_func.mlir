// tf.If over functions of the module: a predicate from an argument choosing between two 2-result
// branches (broadcasting inside), and a data-dependent predicate Max(x) > 0.5 (NaN and empty inputs take
// the else branch).
module {
  func.func @test(%arg0: tensor<i1>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
    %0:2 = "tf.If"(%arg0, %arg1, %arg2) {device = "", else_branch = @cond_false, is_stateless = true, then_branch = @cond_true} : (tensor<i1>, tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>)
    %cst = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
    %1 = "tf.Max"(%arg1, %cst) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<f32>
    %cst_0 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
    %2 = "tf.Greater"(%1, %cst_0) {device = ""} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = "tf.If"(%2, %arg1) {device = "", else_branch = @neg_branch, is_stateless = true, then_branch = @square_branch} : (tensor<i1>, tensor<?x?xf32>) -> tensor<?x?xf32>
    func.return %0#0, %0#1, %3 : tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>
  }
  func.func private @cond_true(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %0 = "tf.AddV2"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %cst = "tf.Const"() {value = dense<2.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %1 = "tf.Mul"(%arg1, %cst) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    func.return %0, %1 : tensor<?x?xf32>, tensor<?xf32>
  }
  func.func private @cond_false(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %0 = "tf.Sub"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    %1 = "tf.Neg"(%arg1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
    func.return %0, %1 : tensor<?x?xf32>, tensor<?xf32>
  }
  func.func private @square_branch(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = "tf.Square"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    func.return %0 : tensor<?x?xf32>
  }
  func.func private @neg_branch(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = "tf.Neg"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
    func.return %0 : tensor<?x?xf32>
  }
}
