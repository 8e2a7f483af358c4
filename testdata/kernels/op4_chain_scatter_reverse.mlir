// Sparse updates: TensorScatterUpdate of rows into ZerosLike(x), AddV2 x, ReverseV2 the rows,
// TensorScatterAdd of single elements (repeats accumulate), then rows scaled to unit L1 norm with DivNoNan
// and a column Max.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x1xi32>, %arg2: tensor<?x?xf32>, %arg3: tensor<?x2xi64>, %arg4: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = "tf.ZerosLike"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.TensorScatterUpdate"(%0, %arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?x1xi32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.AddV2"(%1, %arg0) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tf.ReverseV2"(%2, %cst) {device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x?xf32>
  %4 = "tf.TensorScatterAdd"(%3, %arg3, %arg4) {device = ""} : (tensor<?x?xf32>, tensor<?x2xi64>, tensor<?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Abs"(%4) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %6 = "tf.Sum"(%5, %cst_0) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %7 = "tf.DivNoNan"(%4, %6) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %8 = "tf.Max"(%7, %cst) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %7, %8 : tensor<?x?xf32>, tensor<?xf32>
}
