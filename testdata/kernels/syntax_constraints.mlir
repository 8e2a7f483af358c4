// Argument attributes: jitrt/cpurt/rt operand constraints ("rank", "shape") next to attributes that are
// ignored (python_test_attrs.static_type, tf._user_specified_name). %arg0 is unranked: the cases feed it
// rank 0, 1 and 3 tensors.
func.func @test(%arg0: tensor<*xf32> {jitrt.constraint = "rank", python_test_attrs.static_type = tensor<2x3xf32>}, %arg1: tensor<?x?xf32> {cpurt.constraint = "shape"}, %arg2: tensor<?xf32> {rt.constraint = "shape", tf._user_specified_name = "bias"}) -> (tensor<*xf32>, tensor<?x?xf32>) {
  %0 = "tf.Square"(%arg0) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
  %1 = "tf.Rint"(%0) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
  %2 = "tf.AddV2"(%arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sign"(%2) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1, %3 : tensor<*xf32>, tensor<?x?xf32>
}
